// The kernel: what must be one instance on the page, shared by the shell and every screen as a
// Module Federation singleton under KERNEL_VERSION (tools/webpack.factory.js). The store, the one
// RTK Query API with its session, CSRF and 401 handling, the toasts and the screens' states, and the
// contract between the shell and a screen (MfeProps). Everything else in '@curator/shared' is
// compiled into each app that uses it. Code outside this folder imports it only as
// '@curator/shared/kernel' (ESLint enforces it), so no app bundles a second copy.
export * from './base-api';
export * from './csrf';
export * from './mfe-props';
export * from './request-error';
export * from './screen-endpoints';
export * from './screens';
export * from './session-api';
export * from './store';
export * from './toasts';
export * from './version';
