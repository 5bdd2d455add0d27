import { App as AntApp, ConfigProvider, Result } from 'antd';
import type { ComponentType } from 'react';
import React from 'react';
import ReactDOMClient from 'react-dom/client';
import { Provider } from 'react-redux';
import { BrowserRouter } from 'react-router-dom';
import type { AppProps } from 'single-spa';
import singleSpaReact from 'single-spa-react';

import type { MfeProps } from './mfe-props';
import { SUITE_THEME } from './theme';

export type RemoteDefinitionOptions = {
  name: string;
  Screen: ComponentType;
  /** The remote's own build id: this module is shared, so it must come from the remote's bundle. */
  buildId: string;
};

/**
 * Single-spa lifecycles for a remote. A remote is its own React root, so it brings its own
 * Redux Provider (the shell's store), antd theme and router.
 */
export function createRemoteLifecycles({ name, Screen, buildId }: RemoteDefinitionOptions) {
  function RemoteRoot(props: MfeProps & AppProps) {
    return (
      <Provider store={props.store}>
        <ConfigProvider theme={SUITE_THEME}>
          <AntApp component={false}>
            <BrowserRouter>
              <div className={`mfe mfe-${name}`} data-remote={name}>
                <Screen />
                <footer className="mfe-build" data-testid="mfe-build" data-remote={name}>
                  {name} build {buildId}
                </footer>
              </div>
            </BrowserRouter>
          </AntApp>
        </ConfigProvider>
      </Provider>
    );
  }
  return singleSpaReact({
    React,
    ReactDOMClient,
    rootComponent: RemoteRoot as ComponentType<AppProps>,
    errorBoundary: (error: Error) => <Result status="error" title={`${name} failed`} subTitle={String(error)} />,
  });
}
