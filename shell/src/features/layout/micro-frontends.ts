import { type AppStore, toastPushed } from '@curator/shared';
import { type MfeProps } from '@curator/shared/ui';
import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import { addErrorHandler, getAppNames, type LifeCycles, registerApplication, start } from 'single-spa';

/** One deployed remote as the API's /api/mfe-config/ describes it (read at run time). */
export type RemoteDefinition = { name: string; entry: string; routes: string[] };

export const MFE_OUTLET_ID = 'mfe-outlet';

let started: Promise<void> | undefined;

function containerFor(name: string): HTMLElement {
  const outlet = document.getElementById(MFE_OUTLET_ID);
  if (!outlet) throw new Error('the micro-frontend outlet is not in the page');
  let element = document.getElementById(`mfe-${name}`);
  if (!element || !outlet.contains(element)) {
    element = document.createElement('div');
    element.id = `mfe-${name}`;
    outlet.appendChild(element);
  }
  return element;
}

/** True when `pathname` is one of the remote's routes or below it. */
export function isRouteOf(remote: RemoteDefinition, pathname: string): boolean {
  return remote.routes.some((route) => pathname === route.replace(/\/$/, '') || pathname.startsWith(route));
}

let remoteMap: Promise<RemoteDefinition[]> | undefined;

/** The API's remote map, fetched once and registered with the federation runtime (retried after a failure). */
function loadRemoteMap(): Promise<RemoteDefinition[]> {
  remoteMap ??= (async () => {
    const response = await fetch('/api/mfe-config/', { cache: 'no-store', credentials: 'same-origin' });
    if (!response.ok) throw new Error(`remote map unavailable (${response.status})`);
    const remotes = (await response.json()) as RemoteDefinition[];
    registerRemotes(remotes.map(({ name, entry }) => ({ name, entry })));
    return remotes;
  })().catch((error: unknown) => {
    remoteMap = undefined;
    throw error;
  });
  return remoteMap;
}

/**
 * Starts downloading the screen of `pathname` while the session is checked and the chrome renders,
 * so that mounting it later finds its code loaded. Any failure is left to the mount to report.
 */
export function preloadScreenFor(pathname: string): void {
  loadRemoteMap()
    .then((remotes) => {
      const remote = remotes.find((r) => isRouteOf(r, pathname));
      return remote ? loadRemote(`${remote.name}/app`) : undefined;
    })
    .catch(() => undefined);
}

async function registerAll(store: AppStore) {
  const remotes = await loadRemoteMap();
  addErrorHandler((error) => {
    store.dispatch(toastPushed('error', `${error.appOrParcelName} failed to load`));
  });
  for (const remote of remotes) {
    if (getAppNames().includes(remote.name)) continue;
    const customProps: Omit<MfeProps, 'name'> = { store, domElementGetter: () => containerFor(remote.name) };
    registerApplication({
      name: remote.name,
      app: async () => {
        const lifecycles = await loadRemote<LifeCycles>(`${remote.name}/app`);
        if (!lifecycles) throw new Error(`remote ${remote.name} unavailable`);
        return lifecycles;
      },
      activeWhen: (location) => isRouteOf(remote, location.pathname),
      customProps,
    });
  }
  start({ urlRerouteOnly: true });
}

/** Registers every remote once; called after the outlet is in the DOM. */
export function startMicroFrontends(store: AppStore): Promise<void> {
  started ??= registerAll(store).catch((error: unknown) => {
    started = undefined;
    store.dispatch(toastPushed('error', `Screens could not be loaded: ${String(error)}`));
  });
  return started;
}
