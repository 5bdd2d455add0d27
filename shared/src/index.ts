// Front-end entry of the shared package (shared as one singleton by every app): the API slice, the
// store, the contract, the domain rules and the texts. The React components and hooks built on antd
// and wavesurfer are '@curator/shared/ui', compiled into each app with that app's own antd.
// The API imports only '@curator/shared/domain' and '@curator/shared/contract'.
export * from './api/admin-api';
export * from './api/base-api';
export * from './api/catalog-api';
export * from './api/csrf';
export * from './api/reports-api';
export * from './api/request-error';
export * from './api/session-api';
export * from './api/workspace-api';
export * from './app/hooks';
export * from './app/store';
export * from './app/toasts';
export * from './contract';
export * from './domain';
export * from './messages';
