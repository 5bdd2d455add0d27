import { type RefObject, useEffect, useRef } from 'react';
import { useNavigate } from 'react-router-dom';

/** Marks a plain `<a href>` whose plain clicks the router follows (useInAppLinks). */
export const IN_APP_LINK = { 'data-in-app': '' } as const;

/**
 * Follows a plain left click on an in-app link inside the container (`a[data-in-app]`) with the
 * router, as a react-router Link does; modified clicks open a tab as usual. One listener for the
 * page of rows instead of a Link per cell, each with its router hooks, at every render of every row.
 */
export function useInAppLinks(containerRef: RefObject<HTMLElement | null>): void {
  const navigate = useNavigate();
  const navigateRef = useRef(navigate);
  useEffect(() => {
    navigateRef.current = navigate;
  }, [navigate]);
  useEffect(() => {
    const container = containerRef.current;
    if (!container) return undefined;
    function handleClick(event: MouseEvent) {
      if (event.defaultPrevented || event.button !== 0) return;
      if (event.metaKey || event.altKey || event.ctrlKey || event.shiftKey) return;
      const link = (event.target as Element | null)?.closest?.('a[data-in-app]');
      if (!(link instanceof HTMLAnchorElement) || !container?.contains(link) || link.target) return;
      event.preventDefault();
      void navigateRef.current(link.pathname + link.search + link.hash);
    }
    container.addEventListener('click', handleClick);
    return () => container.removeEventListener('click', handleClick);
  }, [containerRef]);
}
