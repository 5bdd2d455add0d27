/** Set by webpack's DefinePlugin at build time (tools/webpack.factory.js). */
declare const __BUILD_ID__: string;
/** The app ('shell', 'catalog', …) a module was compiled into; undefined outside a webpack build. */
declare const __SCREEN_NAME__: string | undefined;
/** The versions of the shared singletons an app was built with, by share key (tools/webpack.factory.js). */
declare const __SHARED_VERSIONS__: Readonly<Record<string, string>>;
