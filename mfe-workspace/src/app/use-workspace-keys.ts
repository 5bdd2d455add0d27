import { useEffect, useRef } from 'react';

export type WorkspaceKeyHandlers = {
  onBeat: () => void;
  onEndingPoint: () => void;
  onPlayPause: () => void;
  onDelete: () => void;
  onUndo: () => void;
  onRedo: () => void;
};

const TYPING_TAGS = new Set(['INPUT', 'TEXTAREA', 'SELECT']);
/** Inputs that take no typing: a click leaves the focus on them, and the keys go on working as after any click. */
const CLICKED_INPUT_TYPES = new Set(['checkbox', 'radio', 'button', 'submit', 'reset']);

function isTyping(element: Element | null): boolean {
  if (!element) return false;
  if (element instanceof HTMLInputElement && CLICKED_INPUT_TYPES.has(element.type)) return false;
  return TYPING_TAGS.has(element.tagName) || (element as HTMLElement).isContentEditable;
}

/** B, E, Space, Backspace and Ctrl+Z / Ctrl+Shift+Z while focus is not in an input (docs/screens.md). */
export function useWorkspaceKeys(handlers: WorkspaceKeyHandlers): void {
  const latest = useRef(handlers);
  latest.current = handlers;
  useEffect(() => {
    function handleKeyDown(event: KeyboardEvent) {
      if (isTyping(document.activeElement) || event.altKey || event.repeat) return;
      const h = latest.current;
      const key = event.key.toLowerCase();
      if ((event.ctrlKey || event.metaKey) && key === 'z') {
        event.preventDefault();
        return event.shiftKey ? h.onRedo() : h.onUndo();
      }
      if (event.ctrlKey || event.metaKey) return undefined;
      const action = { b: h.onBeat, e: h.onEndingPoint, ' ': h.onPlayPause, backspace: h.onDelete }[key];
      if (!action) return undefined;
      // Space would scroll or press the focused button; Backspace could navigate back.
      event.preventDefault();
      (document.activeElement as HTMLElement | null)?.blur?.();
      return action();
    }
    window.addEventListener('keydown', handleKeyDown);
    return () => window.removeEventListener('keydown', handleKeyDown);
  }, []);
}
