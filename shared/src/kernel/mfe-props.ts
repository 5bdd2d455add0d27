import type { AppStore } from './store';

/** What the shell hands every remote through single-spa customProps. */
export type MfeProps = {
  name: string;
  store: AppStore;
  domElementGetter: () => HTMLElement;
};
