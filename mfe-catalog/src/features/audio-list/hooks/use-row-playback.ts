import { type RefObject, useEffect } from 'react';

const TYPING_TAGS = new Set(['INPUT', 'TEXTAREA', 'SELECT']);

function isTypingIn(element: Element | null): boolean {
  return !!element && (TYPING_TAGS.has(element.tagName) || (element as HTMLElement).isContentEditable);
}

/**
 * One row plays at a time: starting a player pauses the others, and while one plays (focus not in
 * an input) ArrowRight / ArrowLeft move playback to the next / previous row's player.
 */
export function useRowPlayback(containerRef: RefObject<HTMLElement | null>): void {
  useEffect(() => {
    const container = containerRef.current;
    if (!container) return undefined;
    const players = () => Array.from(container.querySelectorAll<HTMLAudioElement>('audio'));

    // 'play' does not bubble, so it is caught on the way down.
    function handlePlay(event: Event) {
      for (const player of players()) if (player !== event.target && !player.paused) player.pause();
      // Chromium's native controls keep arrow keys to themselves while focused; release focus so the page gets them.
      if (document.activeElement instanceof HTMLMediaElement && container?.contains(document.activeElement))
        document.activeElement.blur();
    }

    function handleKeyDown(event: KeyboardEvent) {
      if (event.key !== 'ArrowRight' && event.key !== 'ArrowLeft') return;
      if (event.altKey || event.ctrlKey || event.metaKey || isTypingIn(document.activeElement)) return;
      const list = players();
      const current = list.findIndex((player) => !player.paused);
      if (current < 0) return;
      const next = list[current + (event.key === 'ArrowRight' ? 1 : -1)];
      // Keeps the focused player from seeking with the same key.
      event.preventDefault();
      if (!next) return;
      list[current].pause();
      next.scrollIntoView({ block: 'nearest' });
      // play() rejects when a later pause interrupts it; that is not an error here.
      next.play().catch(() => undefined);
    }

    container.addEventListener('play', handlePlay, true);
    window.addEventListener('keydown', handleKeyDown, true);
    return () => {
      container.removeEventListener('play', handlePlay, true);
      window.removeEventListener('keydown', handleKeyDown, true);
    };
  }, [containerRef]);
}
