import type { AppStore } from '@curator/shared/kernel';

/** What the page is at: the part of `window.location` a screen reads its first requests from. */
export type ScreenLocation = Pick<Location, 'pathname' | 'search'>;

/**
 * What a screen's optional './start' module exports: it starts the requests the screen's first
 * drawing needs at this location. The shell runs it as soon as that small module is here, before
 * the screen's UI code (and antd) has arrived, so the answers travel while the page loads and renders.
 */
export type StartRequests = (store: AppStore, location: ScreenLocation) => void;

/** The './start' module of a screen. */
export type ScreenStartModule = { startRequests?: StartRequests };
