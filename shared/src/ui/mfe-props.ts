import type { AppStore } from '@curator/shared';

/** What the shell hands every remote through single-spa customProps. */
export type MfeProps = {
  name: string;
  store: AppStore;
  domElementGetter: () => HTMLElement;
};
