import { createAppStore } from '@curator/shared/kernel';
import { useEffect } from 'react';

import { createRemoteLifecycles, TAKE_DOWN_AFTER_MS } from './create-remote-lifecycles';

/** A screen that says when it is drawn and when React takes it down. */
function screenWithLog(log: string[]) {
  return function Screen() {
    useEffect(() => {
      log.push('mounted');
      return () => void log.push('taken down');
    }, []);
    return <p>the screen</p>;
  };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 20));

/**
 * A screen mounted as the shell mounts it, in a place on the page that stays the same element until
 * it leaves the page; its log says when it was drawn and taken down.
 */
async function mountedScreen() {
  const log: string[] = [];
  const lifecycles = createRemoteLifecycles({ name: 'test', Screen: screenWithLog(log), buildId: 'b1' });
  const outlet = document.createElement('div');
  document.body.appendChild(outlet);
  const domElementGetter = () => {
    let element = outlet.querySelector<HTMLElement>('#mfe-test');
    if (!element) {
      element = document.createElement('div');
      element.id = 'mfe-test';
      outlet.appendChild(element);
    }
    return element;
  };
  // single-spa's own props (singleSpa, mountParcel) are not used by the lifecycles.
  const props = { name: 'test', store: createAppStore(), domElementGetter } as never;
  await lifecycles.mount(props);
  await settle();
  return { log, lifecycles, outlet, props };
}

describe('createRemoteLifecycles', () => {
  it('takes a left screen off the page at once and takes its React tree down afterwards', async () => {
    const { log, lifecycles, outlet, props } = await mountedScreen();
    expect(outlet.textContent).toContain('the screen');
    expect(log).toEqual(['mounted']);

    await lifecycles.unmount(props);
    // single-spa hears the screen is gone before React has done any of its clean-up.
    expect(outlet.textContent).toBe('');
    expect(log).toEqual(['mounted']);

    await settle();
    expect(log).toEqual(['mounted']);
    await new Promise((resolve) => setTimeout(resolve, TAKE_DOWN_AFTER_MS));
    expect(log).toEqual(['mounted', 'taken down']);
  });

  it('takes the old tree down first when the screen comes back before that happened', async () => {
    const { log, lifecycles, outlet, props } = await mountedScreen();
    await lifecycles.unmount(props);
    await lifecycles.mount(props);
    await settle();
    expect(log).toEqual(['mounted', 'taken down', 'mounted']);
    expect(outlet.querySelectorAll('p')).toHaveLength(1);
  });
});
