/** Set by webpack's DefinePlugin at build time (tools/webpack.factory.js). */
declare const __BUILD_ID__: string;
