// UI of the suite shared as source, not as a singleton: each app compiles what it uses with its own
// antd (tree-shaken per screen). Anything with state of its own (the store, the API slice) or large
// (the contract's schemas) is imported from '@curator/shared', the singleton, never by a relative path.
export * from './app-select';
export * from './create-remote-lifecycles';
export * from './error-lines';
export * from './list-empty';
export * from './pager';
export * from './peaks-file';
export * from './placeholder-screen';
export * from './screen-failure';
export * from './screen-start';
export * from './status-message';
export * from './tag-editor';
export * from './theme';
export * from './use-playhead-time';
export * from './use-shown-after-first-look';
export * from './use-waveform';
