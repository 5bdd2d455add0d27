// Front-end entry of the shared package (shared as one singleton by every app).
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
export * from './ui/app-select';
export * from './ui/create-remote-lifecycles';
export * from './ui/error-lines';
export * from './ui/mfe-props';
export * from './ui/pager';
export * from './ui/peaks-file';
export * from './ui/placeholder-screen';
export * from './ui/tag-editor';
export * from './ui/theme';
export * from './ui/use-playhead-time';
export * from './ui/use-waveform';
