import { QuestionCircleOutlined } from '@ant-design/icons';
import { NAV_LANDMARK_LABEL, PAGE_NOT_FOUND_TITLE } from '@curator/shared';
import type { AppStore } from '@curator/shared/kernel';
import { StatusMessage } from '@curator/shared/ui';
import { Layout } from 'antd';
import { useLayoutEffect, useRef } from 'react';
import { Link, useLocation } from 'react-router-dom';

import { ScreenFailurePanel } from '../screens/screen-failure-panel';
import { isRouteOf, screenOutlet, startMicroFrontends } from '../screens/screen-registry';
import { useRemoteMap } from '../screens/use-remote-map';
import { useScreenPrefetch } from '../screens/use-screen-prefetch';
import { NAV_ITEMS, selectNavKey } from './nav-items';
import { UserMenu } from './user-menu';

/** The chrome around every screen; single-spa owns everything inside the outlet. */
export function ShellLayout({ store }: { store: AppStore }) {
  const { pathname } = useLocation();
  const remotes = useRemoteMap();
  const outletSlot = useRef<HTMLDivElement>(null);
  // Before paint: the screen's mount should not wait for the chrome to be painted first. The outlet outlives the
  // chrome (screenOutlet): it is put in its place here and taken out when the chrome goes.
  useLayoutEffect(() => {
    const outlet = screenOutlet();
    outletSlot.current?.appendChild(outlet);
    void startMicroFrontends(store);
    return () => outlet.remove();
  }, [store]);
  useScreenPrefetch(store, remotes);
  const selected = selectNavKey(pathname);
  const remote = remotes.find((r) => isRouteOf(r, pathname));
  // An address no screen answers (once the screens are known): said so, instead of an empty page under the nav.
  const isUnknownPage = remotes.length > 0 && !remote;

  return (
    <Layout style={{ minHeight: '100vh' }}>
      <Layout.Header className="shell-header">
        <span className="shell-brand">Audio Curation</span>
        {/* Links in a nav landmark, styled as antd's dark horizontal menu (shell.css). That menu (with its
            overflow measuring, for eight links that fit) took about 20 ms of the chrome's first render;
            without it a cold page shows its screen 30-40 ms sooner. */}
        <nav className="shell-nav" aria-label={NAV_LANDMARK_LABEL}>
          {NAV_ITEMS.map((item) => (
            <Link
              key={item.path}
              to={item.path}
              className="shell-nav-item"
              aria-current={item.path === selected ? 'page' : undefined}
            >
              {item.label}
            </Link>
          ))}
        </nav>
        <UserMenu />
      </Layout.Header>
      <Layout.Content className="shell-content">
        <ScreenFailurePanel remote={remote} />
        {isUnknownPage && (
          <StatusMessage
            icon={<QuestionCircleOutlined />}
            tone="quiet"
            title={PAGE_NOT_FOUND_TITLE}
            subTitle={pathname}
          />
        )}
        <div ref={outletSlot} className="shell-outlet-slot" />
      </Layout.Content>
    </Layout>
  );
}
