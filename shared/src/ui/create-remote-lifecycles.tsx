import { IconProvider } from '@ant-design/icons';
import { BUILT_WITH_KERNEL, screenCrashedTitle } from '@curator/shared';
import { type MfeProps, sessionApi } from '@curator/shared/kernel';
import { App as AntApp, ConfigProvider } from 'antd';
import type { ComponentType } from 'react';
import React, { startTransition } from 'react';
import ReactDOMClient from 'react-dom/client';
import { ErrorBoundary, type FallbackProps } from 'react-error-boundary';
import { Provider } from 'react-redux';
import { BrowserRouter } from 'react-router-dom';
import type { AppProps } from 'single-spa';
import singleSpaReact from 'single-spa-react';

import { ScreenFailure } from './screen-failure';
import { SUITE_THEME } from './theme';

export type RemoteDefinitionOptions = {
  name: string;
  Screen: ComponentType;
  /** The remote's own build id (compiled into the remote's bundle). */
  buildId: string;
};

/**
 * The screen's icons come from its own copy of @ant-design/icons, whose context the kit's ConfigProvider
 * (the page's copy) does not reach: told here, as the theme says, that styles are static, they leave their
 * style sheet to antd's (which has it) instead of each adding it again after its first drawing, looking
 * through the page's style tags once per icon (a few hundred on the audio list).
 */
const SCREEN_ICONS = { zeroRuntime: SUITE_THEME.zeroRuntime };

const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * A left screen's React tree is taken down this long after it left the page, once the browser is idle
 * (at the latest TAKE_DOWN_WITHIN_MS later): not in a pause while the next screen waits for its data.
 */
export const TAKE_DOWN_AFTER_MS = 500;
const TAKE_DOWN_WITHIN_MS = 1000;

/** Runs `work` TAKE_DOWN_AFTER_MS from now, when the browser is next idle. */
function afterNextScreen(work: () => void): void {
  setTimeout(() => {
    if (typeof window.requestIdleCallback === 'function')
      window.requestIdleCallback(work, { timeout: TAKE_DOWN_WITHIN_MS });
    else work();
  }, TAKE_DOWN_AFTER_MS);
}

/**
 * Single-spa lifecycles for a remote, and the build it is. A remote is its own React root, so it
 * brings its own Redux Provider (the shell's store), antd theme and router, and its own error
 * boundary: a screen that throws while rendering shows what happened and Retry in its place, the
 * rest of the suite goes on, and the API's log is told.
 */
export function createRemoteLifecycles({ name, Screen, buildId }: RemoteDefinitionOptions) {
  function RemoteRoot(props: MfeProps & AppProps) {
    const handleError = (error: unknown) => {
      void props.store.dispatch(
        sessionApi.endpoints.reportScreenFailure.initiate({
          screen: name,
          entry: `build ${buildId}`,
          kind: 'render',
          error: errorText(error),
        }),
      );
    };
    const fallback = ({ error, resetErrorBoundary }: FallbackProps) => (
      <ScreenFailure title={screenCrashedTitle(name)} detail={errorText(error)} onRetry={resetErrorBoundary} />
    );
    return (
      <Provider store={props.store}>
        <ConfigProvider theme={SUITE_THEME}>
          <IconProvider value={SCREEN_ICONS}>
            <AntApp component={false}>
              <BrowserRouter>
                <div className={`mfe mfe-${name}`} data-remote={name}>
                  <ErrorBoundary fallbackRender={fallback} onError={handleError}>
                    <Screen />
                  </ErrorBoundary>
                  <footer className="mfe-build" data-testid="mfe-build" data-remote={name}>
                    {name} build {buildId}
                  </footer>
                </div>
              </BrowserRouter>
            </AntApp>
          </IconProvider>
        </ConfigProvider>
      </Provider>
    );
  }
  const lifecycles = singleSpaReact({
    React,
    ReactDOMClient,
    rootComponent: RemoteRoot as ComponentType<AppProps>,
    // Outside the screen's own boundary (its providers): nothing to retry but the page.
    errorBoundary: (error: Error) => (
      <ScreenFailure title={screenCrashedTitle(name)} detail={error.message} onRetry={() => location.reload()} />
    ),
  });
  // Leaving a screen: its page leaves the document at once, and React takes its tree down (every
  // effect's clean-up, antd's style tags, thousands of nodes) after the next screen has drawn. Done on
  // the click, that took 60-90 ms before the next screen could start.
  let pendingTakeDown: (() => void) | undefined;
  const unmount: typeof lifecycles.unmount = (props) => {
    (props as AppProps & Partial<MfeProps>).domElementGetter?.().remove();
    const takeDown = () => {
      if (pendingTakeDown !== takeDown) return;
      pendingTakeDown = undefined;
      void lifecycles.unmount(props);
    };
    pendingTakeDown = takeDown;
    afterNextScreen(takeDown);
    return Promise.resolve();
  };
  // The first drawing of a screen is a transition, so React draws it in slices of a few milliseconds
  // between which the page stays responsive (an urgent render would be one long task).
  const mount: typeof lifecycles.mount = (props) => {
    // Back before the tree left last time was taken down: it goes first, so the screen has one root.
    pendingTakeDown?.();
    let mounted!: ReturnType<typeof lifecycles.mount>;
    startTransition(() => {
      mounted = lifecycles.mount(props);
    });
    return mounted;
  };
  // The kernel this screen was built against (the page's own copy may be newer).
  return { ...lifecycles, mount, unmount, buildId, kernel: BUILT_WITH_KERNEL };
}
