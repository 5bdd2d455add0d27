import { type RefObject, useEffect } from 'react';

const TYPING_TAGS = new Set(['INPUT', 'TEXTAREA', 'SELECT']);

function isTypingIn(element: Element | null): boolean {
  return !!element && (TYPING_TAGS.has(element.tagName) || (element as HTMLElement).isContentEditable);
}

/** Starts a row's player: a native one plays, one not started yet (a button) is pressed. */
function start(player: Element): void {
  // play() rejects when a later pause interrupts it; that is not an error here.
  if (player instanceof HTMLMediaElement) player.play().catch(() => undefined);
  else if (player instanceof HTMLElement) player.click();
}

/**
 * One row plays at a time: starting a player pauses the others, and while one plays (focus not in
 * an input) ArrowRight / ArrowLeft move playback to the next / previous row's player, started or not.
 */
export function useRowPlayback(containerRef: RefObject<HTMLElement | null>): void {
  useEffect(() => {
    const container = containerRef.current;
    if (!container) return undefined;
    const players = () => Array.from(container.querySelectorAll<HTMLAudioElement>('audio'));
    /** Every row's player in row order, started (audio) or not (button). */
    const slots = () => Array.from(container.querySelectorAll('.row-player'));

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
      const list = slots();
      const current = list.findIndex((player) => player instanceof HTMLMediaElement && !player.paused);
      if (current < 0) return;
      const next = list[current + (event.key === 'ArrowRight' ? 1 : -1)];
      // Keeps the focused player from seeking with the same key.
      event.preventDefault();
      if (!next) return;
      (list[current] as HTMLMediaElement).pause();
      next.scrollIntoView({ block: 'nearest' });
      start(next);
    }

    container.addEventListener('play', handlePlay, true);
    window.addEventListener('keydown', handleKeyDown, true);
    return () => {
      container.removeEventListener('play', handlePlay, true);
      window.removeEventListener('keydown', handleKeyDown, true);
    };
  }, [containerRef]);
}
