import type { RemoteDefinition } from '@curator/shared';
import { isScreenRoute, START_BUNDLE_ATTRIBUTE } from '@curator/shared';
import {
  type AppStore,
  type MfeProps,
  screenFailed,
  type ScreenFailureKind,
  screenLoaded,
  screenLoadStarted,
  sessionApi,
  toastPushed,
} from '@curator/shared/kernel';
import type { ScreenLocation, ScreenStartModule } from '@curator/shared/ui';
import {
  loadRemote,
  type ModuleFederationRuntimePlugin,
  preloadRemote,
  registerPlugins,
  registerRemotes,
} from '@module-federation/enhanced/runtime';
import {
  addErrorHandler,
  getAppNames,
  getAppStatus,
  type LifeCycles,
  LOAD_ERROR,
  registerApplication,
  SKIP_BECAUSE_BROKEN,
  start,
  triggerAppChange,
} from 'single-spa';

import { describeIncompatibility, findIncompatibility, type ManifestShared, requirementsOf } from './kernel-check';
import { fetchOrFail, summariseLoadError } from './load-errors';

export const MFE_OUTLET_ID = 'mfe-outlet';
/** A screen whose files have not arrived by then is reported as failed (the user can Retry). */
export const SCREEN_LOAD_TIMEOUT_MS = 20_000;

/** What a screen's './app' module exports: single-spa lifecycles and the build it is. */
type ScreenModule = LifeCycles & { buildId?: string; kernel?: string };

/** True when `pathname` is one of the remote's routes or below it. */
export const isRouteOf = (remote: RemoteDefinition, pathname: string) => isScreenRoute(remote.routes, pathname);

const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** Screens refused because the page cannot host them, with the message that says why. */
const refusals = new Map<string, string>();

/**
 * Reads each screen's manifest as the federation runtime loads it and refuses a screen that needs a
 * singleton (the kernel, React, …) at a version this page does not run, before any of its code runs;
 * a manifest that does not answer 2xx fails with its status.
 */
const compatibilityCheck: ModuleFederationRuntimePlugin = {
  name: 'curator-compatibility-check',
  fetch: fetchOrFail,
  afterLoadManifest(args) {
    const { manifestJson, moduleInfo } = args as unknown as {
      manifestJson?: { shared?: ManifestShared[]; metaData?: { pluginVersion?: string } };
      moduleInfo: { name: string };
    };
    const problem = manifestJson && findIncompatibility(requirementsOf(manifestJson), __SHARED_VERSIONS__);
    if (!problem) return args;
    const message = describeIncompatibility(moduleInfo.name, problem);
    refusals.set(moduleInfo.name, message);
    throw new Error(message);
  },
};

/**
 * The runtime fetches the other screens' files with `<link rel="preload">`, which the browser puts
 * first and warns about when they are not used at once: they go as `prefetch` instead, at low
 * priority, to be in the cache when the user goes there.
 */
const prefetchAtLowPriority: ModuleFederationRuntimePlugin = {
  name: 'curator-prefetch-at-low-priority',
  createLink({ url, attrs }) {
    if (attrs?.rel !== 'preload') return undefined;
    const link = document.createElement('link');
    link.rel = 'prefetch';
    link.href = url;
    return link;
  },
};

/** Whether the page runs a start bundle of `screen` (a script its head carries). */
const hasStartBundle = (screen: string): boolean =>
  document.querySelector(`script[${START_BUNDLE_ATTRIBUTE}="${CSS.escape(screen)}"]`) !== null;

/**
 * A screen whose start bundle the page runs (its exposed files in one, START_BUNDLE_ATTRIBUTE): the runtime does not
 * also load those files by their manifest's addresses, which it does for the module asked for; the screen's own
 * runtime finds their chunks registered by the bundle. A screen without one (every other, on a link) loads as before.
 */
const startBundleRunsFirst: ModuleFederationRuntimePlugin = {
  name: 'curator-start-bundle-runs-first',
  beforePreloadRemote(args) {
    const ops = args.preloadOps;
    const kept = ops.filter((op) => !hasStartBundle(op.nameOrAlias));
    ops.splice(0, ops.length, ...kept);
  },
};

/** Whether DOMContentLoaded has fired: every deferred script of the page has run by then (or failed to load). */
function deferredScriptsHaveRun(): boolean {
  const navigation = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined;
  return navigation ? navigation.domContentLoadedEventStart > 0 : true;
}

/** Resolves by DOMContentLoaded, once per page: a screen's start module and its app both wait for it. */
let deferredScriptsRun: Promise<void> | undefined;

/**
 * Resolves once the start bundle of `screen` that the page runs, if it has one, has run: a deferred script,
 * so by DOMContentLoaded. The shell's own start can be ready before it (the document is already
 * 'interactive' then); asked for earlier, the screen's runtime would load the files the bundle holds a
 * second time, one by one.
 */
function startBundleHasRun(screen: string): Promise<void> {
  if (!hasStartBundle(screen)) return Promise.resolve();
  deferredScriptsRun ??= deferredScriptsHaveRun()
    ? Promise.resolve()
    : new Promise((resolve) => document.addEventListener('DOMContentLoaded', () => resolve(), { once: true }));
  return deferredScriptsRun;
}

let remoteMap: Promise<RemoteDefinition[]> | undefined;

async function fetchRemoteMap(): Promise<RemoteDefinition[]> {
  const response = await fetch('/api/mfe-config/', { cache: 'no-store', credentials: 'same-origin' });
  if (!response.ok) throw new Error(`remote map unavailable (${response.status})`);
  return (await response.json()) as RemoteDefinition[];
}

/**
 * The remote map, registered once with the federation runtime: the one the page came with, else
 * fetched from the API (retried after a failure).
 */
export function loadRemoteMap(fromPage?: RemoteDefinition[]): Promise<RemoteDefinition[]> {
  remoteMap ??= (fromPage ? Promise.resolve(fromPage) : fetchRemoteMap())
    .then((remotes) => {
      registerPlugins([compatibilityCheck, prefetchAtLowPriority, startBundleRunsFirst]);
      registerRemotes(remotes.map(({ name, entry }) => ({ name, entry })));
      return remotes;
    })
    .catch((error: unknown) => {
      remoteMap = undefined;
      throw error;
    });
  return remoteMap;
}

function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${what} did not load within ${ms / 1000} s`)), ms);
    promise.then(resolve, reject).finally(() => clearTimeout(timer));
  });
}

/** Records a failed screen in the store (the shell shows it in the screen's place) and in the API's log. */
function reportFailure(store: AppStore, remote: RemoteDefinition, kind: ScreenFailureKind, message: string) {
  store.dispatch(screenFailed({ screen: remote.name, kind, entry: remote.entry, message }));
  void store.dispatch(
    sessionApi.endpoints.reportScreenFailure.initiate({
      screen: remote.name,
      entry: remote.entry,
      kind,
      error: message,
    }),
  );
}

const screenLoads = new Map<string, Promise<ScreenModule>>();

/**
 * Runs the screen's './start' module, if it has one, as soon as it is here, for a location of the
 * screen (the page's, or a link's the user is reaching): the requests of its first drawing then
 * travel while its UI code (and antd) loads and the page renders. A screen without one, or whose
 * start fails, asks when it mounts (its own queries show any failure).
 */
function startFirstRequests(store: AppStore, remote: RemoteDefinition, at: ScreenLocation = location): Promise<void> {
  const target = { pathname: at.pathname, search: at.search };
  return startBundleHasRun(remote.name)
    .then(() => loadRemote<ScreenStartModule>(`${remote.name}/start`))
    .then((start) => {
      if (!start?.startRequests || !isRouteOf(remote, target.pathname)) return;
      start.startRequests(store, target);
    })
    .catch(() => undefined);
}

const screenStarts = new Map<string, Promise<void>>();

/**
 * Loads a screen's code once (again after a failure), recording how it went. An attempt that a Retry
 * has replaced records nothing when it ends.
 */
function loadScreen(store: AppStore, remote: RemoteDefinition): Promise<ScreenModule> {
  const current = screenLoads.get(remote.name);
  if (current) return current;
  store.dispatch(screenLoadStarted(remote.name));
  screenStarts.set(remote.name, startFirstRequests(store, remote));
  const isCurrent = () => screenLoads.get(remote.name) === load;
  const load: Promise<ScreenModule> = withTimeout(
    startBundleHasRun(remote.name).then(() => loadRemote<ScreenModule>(`${remote.name}/app`)),
    SCREEN_LOAD_TIMEOUT_MS,
    remote.entry,
  )
    .then((screen) => {
      if (!screen) throw new Error(`${remote.entry} has no './app'`);
      if (isCurrent()) store.dispatch(screenLoaded({ screen: remote.name, buildId: screen.buildId ?? 'unknown' }));
      return screen;
    })
    .catch((error: unknown) => {
      if (!isCurrent()) throw error;
      screenLoads.delete(remote.name);
      const refusal = refusals.get(remote.name);
      console.error(`screen ${remote.name} (${remote.entry}) failed to load: ${errorText(error)}`);
      reportFailure(store, remote, refusal ? 'incompatible' : 'load', refusal ?? summariseLoadError(errorText(error)));
      throw error;
    });
  screenLoads.set(remote.name, load);
  return load;
}

/**
 * Starts loading the screen of `pathname` at once, before the chrome renders; failures show when it
 * mounts. Resolves once the screen's first requests are on their way (or it has none).
 */
export function preloadScreenFor(store: AppStore, remotes: RemoteDefinition[], pathname: string): Promise<void> {
  const remote = remotes.find((r) => isRouteOf(r, pathname));
  if (!remote) return Promise.resolve();
  loadScreen(store, remote).catch(() => undefined);
  return screenStarts.get(remote.name) ?? Promise.resolve();
}

/**
 * Fetches a screen's files without running them (when idle, or when the pointer nears its link); a
 * screen this page has loaded or tried to load is left alone.
 */
export function prefetchScreen(store: AppStore, remote: RemoteDefinition): void {
  if (screenLoads.has(remote.name) || store.getState().screens[remote.name]) return;
  preloadRemote([{ nameOrAlias: remote.name, exposes: ['./app'] }]).catch(() => undefined);
}

const linksStarted = new Set<string>();

/**
 * The pointer or the focus reached a link to one of the screen's pages: its first requests for that
 * page start now (once per page address), so the click finds their answers on the way or here.
 */
export function startRequestsForLink(store: AppStore, remote: RemoteDefinition, link: ScreenLocation): void {
  const address = link.pathname + link.search;
  if (linksStarted.has(address)) return;
  linksStarted.add(address);
  void startFirstRequests(store, remote, link);
}

/** single-spa loads an application whose loading failed again only on a route change this long after. */
const SINGLE_SPA_RELOAD_AFTER_MS = 250;

/**
 * Tries a failed screen again, without reloading the page: the federation runtime forgets what it
 * cached of the remote, the screen's code is loaded afresh, and single-spa is told to mount it (it
 * takes the loaded code). A screen that loaded but failed to start is broken for this page: the page
 * is loaded afresh.
 */
export async function retryScreen(store: AppStore, remote: RemoteDefinition): Promise<void> {
  if (getAppStatus(remote.name) === SKIP_BECAUSE_BROKEN) {
    window.location.reload();
    return;
  }
  refusals.delete(remote.name);
  screenLoads.delete(remote.name);
  registerRemotes([{ name: remote.name, entry: remote.entry }], { force: true });
  try {
    await loadScreen(store, remote);
  } catch {
    return; // recorded: the screen's place shows why, with Retry
  }
  await new Promise((resolve) => setTimeout(resolve, SINGLE_SPA_RELOAD_AFTER_MS));
  await triggerAppChange();
}

/**
 * Where the screens mount: one element for the page's life, which the chrome puts in its content area while it is
 * drawn (ShellLayout). Screens mount and unmount in it whether the chrome is there or not: signing out takes the chrome
 * away before single-spa unmounts the screen, and after a login single-spa may mount the screen before the chrome is
 * drawn again. An outlet drawn by the chrome itself was gone at those moments, and the screen died for the page.
 */
let outlet: HTMLElement | undefined;
const containers = new Map<string, HTMLElement>();

export function screenOutlet(): HTMLElement {
  if (!outlet) {
    outlet = document.createElement('div');
    outlet.id = MFE_OUTLET_ID;
  }
  return outlet;
}

function containerFor(name: string): HTMLElement {
  const host = screenOutlet();
  let element = containers.get(name);
  if (!element) {
    element = document.createElement('div');
    element.id = `mfe-${name}`;
    containers.set(name, element);
  }
  if (element.parentElement !== host) host.appendChild(element);
  return element;
}

let started: Promise<void> | undefined;

async function registerAll(store: AppStore) {
  const remotes = await loadRemoteMap();
  // A screen that loaded but threw in bootstrap or mount (a load failure is recorded by loadScreen).
  addErrorHandler((error) => {
    const remote = remotes.find((r) => r.name === error.appOrParcelName);
    if (remote && getAppStatus(remote.name) !== LOAD_ERROR) reportFailure(store, remote, 'start', errorText(error));
  });
  for (const remote of remotes) {
    if (getAppNames().includes(remote.name)) continue;
    const customProps: Omit<MfeProps, 'name'> = { store, domElementGetter: () => containerFor(remote.name) };
    registerApplication({
      name: remote.name,
      app: () => loadScreen(store, remote),
      activeWhen: (location) => isRouteOf(remote, location.pathname),
      customProps,
    });
  }
  start({ urlRerouteOnly: true });
}

/** Registers every remote once; called when the chrome has put the outlet in the page. */
export function startMicroFrontends(store: AppStore): Promise<void> {
  started ??= registerAll(store).catch((error: unknown) => {
    started = undefined;
    store.dispatch(toastPushed('error', `Screens could not be loaded: ${errorText(error)}`));
  });
  return started;
}
