import { type RefObject, useEffect } from 'react';

/** How long after the last scroll event the rows take the pointer again. */
const SETTLE_MS = 150;

/**
 * While the page scrolls, the rows under a resting pointer would change hover state every frame,
 * and each change restyles and repaints a row of the long table: the rows ignore the pointer until
 * scrolling settles (class `is-scrolling` on the container, see audio-list.css).
 */
export function useNoHoverWhileScrolling(containerRef: RefObject<HTMLElement | null>): void {
  useEffect(() => {
    const container = containerRef.current;
    if (!container) return undefined;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const onScroll = () => {
      if (timer === undefined) container.classList.add('is-scrolling');
      clearTimeout(timer);
      timer = setTimeout(() => {
        timer = undefined;
        container.classList.remove('is-scrolling');
      }, SETTLE_MS);
    };
    window.addEventListener('scroll', onScroll, { passive: true, capture: true });
    return () => {
      window.removeEventListener('scroll', onScroll, { capture: true });
      clearTimeout(timer);
      container.classList.remove('is-scrolling');
    };
  }, [containerRef]);
}
