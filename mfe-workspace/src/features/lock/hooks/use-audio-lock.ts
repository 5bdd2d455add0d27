import { LOCK_REFRESH_MS, useLockAudioMutation, useUnlockAudioMutation } from '@curator/shared';
import { CSRF_COOKIE, CSRF_HEADER, readCookie } from '@curator/shared/kernel';
import { useCallback, useEffect, useRef, useState } from 'react';

export type AudioLock = {
  /**
   * The screen must not write: someone else holds a live lock, or this editor does not hold it yet (it is taken
   * once the editor is ready; a write before that would bypass the other editor's lock).
   */
  isReadOnly: boolean;
  /** Someone else holds a live lock ('Locked by {user}', Unlock offered). */
  isLockedByOther: boolean;
  lockedBy: string | null;
  isHeldByMe: boolean;
  /** Unlock: clears the other user's lock, then takes it. */
  takeOver: () => Promise<void>;
};

/** Clears the lock as the page goes away; keepalive lets the request outlive the tab. */
function releaseOnPageHide(audioId: string): void {
  const token = readCookie(CSRF_COOKIE);
  void fetch(`/api/audio/${encodeURIComponent(audioId)}/unlock/`, {
    method: 'POST',
    credentials: 'same-origin',
    keepalive: true,
    headers: token ? { [CSRF_HEADER]: token } : {},
  }).catch(() => undefined);
}

/**
 * The audio lock of docs/rules.md "Audio lock and concurrent edits": taken once the editor is ready, refreshed every LOCK_REFRESH_MS,
 * released on leaving. `initialHolder` (from the audio detail) makes the screen read-only at once. `onTakenFromOther`
 * runs when this editor gets the lock after someone else held it (Unlock, or their lock ended): what the screen shows
 * was read while they could still save, and must be read again before this editor writes over it.
 */
export function useAudioLock(
  audioId: string,
  isEditorReady: boolean,
  initialHolder: string | null,
  onTakenFromOther: () => void,
): AudioLock {
  const [lockAudio] = useLockAudioMutation();
  const [unlockAudio] = useUnlockAudioMutation();
  const [state, setState] = useState<{ lockedBy: string | null; isHeldByMe: boolean } | null>(null);
  const heldRef = useRef(false);
  // Moves on when the screen leaves its audio: a lock granted after that (the user left while it was being taken)
  // is released at once instead of holding the audio for the 30 s until it lapses.
  const visit = useRef(0);
  // Someone else held the audio since this screen read it (the detail said so, or a lock answer refused us).
  const hasOtherHeld = useRef(initialHolder !== null);
  const onTaken = useRef(onTakenFromOther);
  onTaken.current = onTakenFromOther;

  const take = useCallback(async () => {
    const asked = visit.current;
    const answer = await lockAudio(audioId);
    if (!('data' in answer) || !answer.data) return;
    const isHeld = answer.data.refusedBy === null;
    if (asked !== visit.current) {
      if (isHeld) void unlockAudio(audioId);
      return;
    }
    heldRef.current = isHeld;
    if (!isHeld) hasOtherHeld.current = true;
    else if (hasOtherHeld.current) {
      hasOtherHeld.current = false;
      onTaken.current();
    }
    setState({ lockedBy: answer.data.refusedBy ?? answer.data.locked_by, isHeldByMe: isHeld });
  }, [audioId, lockAudio, unlockAudio]);

  useEffect(() => {
    if (!isEditorReady) return undefined;
    void take();
    const timer = setInterval(() => void take(), LOCK_REFRESH_MS);
    return () => clearInterval(timer);
  }, [isEditorReady, take]);

  useEffect(() => {
    const handlePageHide = () => {
      if (heldRef.current) releaseOnPageHide(audioId);
    };
    window.addEventListener('pagehide', handlePageHide);
    return () => {
      window.removeEventListener('pagehide', handlePageHide);
      visit.current += 1;
      if (heldRef.current) void unlockAudio(audioId);
      heldRef.current = false;
    };
  }, [audioId, unlockAudio]);

  const takeOver = useCallback(async () => {
    const answer = await unlockAudio(audioId);
    if (!('error' in answer)) await take();
  }, [audioId, take, unlockAudio]);

  const lockedBy = state ? state.lockedBy : initialHolder;
  const isHeldByMe = state?.isHeldByMe ?? false;
  return { isReadOnly: !isHeldByMe, isLockedByOther: lockedBy !== null && !isHeldByMe, lockedBy, isHeldByMe, takeOver };
}
