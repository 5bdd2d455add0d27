// Front-end entry of the shared package. Compiled into each app that imports it, so a screen runs
// the contract, domain rules, texts and endpoints it was built with; only the kernel
// ('@curator/shared/kernel': store, base API, session, toasts, screens' states) is one shared
// instance on the page. The React pieces built on antd and wavesurfer are '@curator/shared/ui'.
// The API imports only '@curator/shared/domain' and '@curator/shared/contract'.
export * from './api/admin-api';
export * from './api/build-info';
export * from './api/catalog-api';
export * from './api/reports-api';
export * from './api/workspace-api';
export * from './app/hooks';
export * from './contract';
export * from './domain';
export * from './messages';
