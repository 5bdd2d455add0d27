import type { AppStore } from '@curator/shared/kernel';
import { Layout, Menu } from 'antd';
import { useEffect, useLayoutEffect } from 'react';
import { Link, useLocation } from 'react-router-dom';

import { ScreenFailurePanel } from '../screens/screen-failure-panel';
import { isRouteOf, MFE_OUTLET_ID, prefetchScreen, startMicroFrontends } from '../screens/screen-registry';
import { useRemoteMap } from '../screens/use-remote-map';
import { NAV_ITEMS, selectNavKey } from './nav-items';
import { UserMenu } from './user-menu';

/** After the first screen is up, the others' files are fetched while the browser is idle. */
const IDLE_PREFETCH_DELAY_MS = 2000;

/** The chrome around every screen; single-spa owns everything inside the outlet. */
export function ShellLayout({ store }: { store: AppStore }) {
  const { pathname } = useLocation();
  const remotes = useRemoteMap();
  // Before paint: the screen's mount should not wait for the chrome to be painted first.
  useLayoutEffect(() => {
    void startMicroFrontends(store);
  }, [store]);
  useEffect(() => {
    if (remotes.length === 0) return;
    const timer = setTimeout(() => {
      const idle = window.requestIdleCallback ?? ((run: () => void) => setTimeout(run, 0));
      idle(() => remotes.forEach((remote) => prefetchScreen(store, remote)));
    }, IDLE_PREFETCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [remotes, store]);
  const selected = selectNavKey(pathname);
  const prefetchFor = (path: string) => {
    const remote = remotes.find((r) => isRouteOf(r, path));
    if (remote) prefetchScreen(store, remote);
  };

  return (
    <Layout style={{ minHeight: '100vh' }}>
      <Layout.Header className="shell-header">
        <span className="shell-brand">Audio Curation</span>
        <Menu
          className="shell-nav"
          theme="dark"
          mode="horizontal"
          selectedKeys={selected ? [selected] : []}
          items={NAV_ITEMS.map((item) => ({
            key: item.path,
            label: (
              <Link to={item.path} onPointerEnter={() => prefetchFor(item.path)} onFocus={() => prefetchFor(item.path)}>
                {item.label}
              </Link>
            ),
          }))}
        />
        <UserMenu />
      </Layout.Header>
      <Layout.Content className="shell-content">
        <ScreenFailurePanel remotes={remotes} />
        <div id={MFE_OUTLET_ID} />
      </Layout.Content>
    </Layout>
  );
}
