import { LOCK_REFRESH_MS, useAppSelector, useLockAudioMutation, useUnlockAudioMutation } from '@curator/shared';
import { CSRF_COOKIE, CSRF_HEADER, readCookie, type RootState } from '@curator/shared/kernel';
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

/**
 * Tabs of this browser tell each other when one lets an audio's lock go: another tab still editing that audio (the
 * same user, whose lock it also was) takes it again at once instead of at its next refresh, so that no one else gets
 * the audio in between. It waits RETAKE_AFTER_RELEASE_MS first, for the release to reach the server before it.
 */
const LOCK_CHANNEL = 'curator-audio-locks';
const RETAKE_AFTER_RELEASE_MS = 300;

function announceRelease(audioId: string): void {
  if (typeof BroadcastChannel === 'undefined') return;
  const channel = new BroadcastChannel(LOCK_CHANNEL);
  channel.postMessage({ released: audioId });
  channel.close();
}

/** Clears the lock as the page goes away; keepalive lets the request outlive the tab. */
function releaseOnPageHide(audioId: string): void {
  const token = readCookie(CSRF_COOKIE);
  void fetch(`/api/audio/${encodeURIComponent(audioId)}/unlock/`, {
    method: 'POST',
    credentials: 'same-origin',
    keepalive: true,
    headers: token ? { [CSRF_HEADER]: token } : {},
  }).catch(() => undefined);
  announceRelease(audioId);
}

/**
 * When the newest write refused with 423 (`Locked by {user}`: someone else holds the audio's lock) was sent, or 0.
 * Writes are the store's mutations; the workspace writes to its own audio only.
 */
function selectNewestLockRefusal(state: RootState): number {
  let newest = 0;
  for (const mutation of Object.values(state.api.mutations)) {
    const status = (mutation?.error as { status?: unknown } | undefined)?.status;
    if (mutation?.status === 'rejected' && status === 423) newest = Math.max(newest, mutation.startedTimeStamp ?? 0);
  }
  return newest;
}

/**
 * The audio lock of docs/rules.md "Audio lock and concurrent edits": taken once the editor is ready, refreshed every LOCK_REFRESH_MS,
 * released on leaving. `initialHolder` (from the audio detail) makes the screen read-only at once. `readAgain` runs
 * - when this editor gets the lock after someone else held it (Unlock, or their lock ended): what the screen shows was
 *   read while they could still save, and must be read again before this editor writes over it;
 * - at each refresh that finds someone else still holding it after the one before did: a read-only screen follows
 *   what they save (within LOCK_REFRESH_MS) instead of showing what it read when it opened.
 */
export function useAudioLock(
  audioId: string,
  isEditorReady: boolean,
  initialHolder: string | null,
  readAgain: () => void,
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
  // The last lock answer refused this editor: the next refusal means the other editor has had a refresh's time to save.
  const wasRefused = useRef(false);
  const onStale = useRef(readAgain);
  onStale.current = readAgain;

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
    if (isHeld ? hasOtherHeld.current : wasRefused.current) onStale.current();
    hasOtherHeld.current = !isHeld;
    wasRefused.current = !isHeld;
    setState({ lockedBy: answer.data.refusedBy ?? answer.data.locked_by, isHeldByMe: isHeld });
  }, [audioId, lockAudio, unlockAudio]);

  useEffect(() => {
    if (!isEditorReady) return undefined;
    void take();
    const timer = setInterval(() => void take(), LOCK_REFRESH_MS);
    return () => clearInterval(timer);
  }, [isEditorReady, take]);

  // A write refused with 423 says someone took the lock over since the last refresh: ask again now, so that the screen
  // says who and turns read-only at once, not at the next refresh (up to LOCK_REFRESH_MS later).
  const newestLockRefusal = useAppSelector(selectNewestLockRefusal);
  const seenLockRefusal = useRef(newestLockRefusal);
  useEffect(() => {
    if (newestLockRefusal <= seenLockRefusal.current) return;
    seenLockRefusal.current = newestLockRefusal;
    if (isEditorReady) void take();
  }, [isEditorReady, newestLockRefusal, take]);

  // Another tab of this browser let this audio's lock go while this one still edits it: take it again.
  useEffect(() => {
    if (!isEditorReady || typeof BroadcastChannel === 'undefined') return undefined;
    const channel = new BroadcastChannel(LOCK_CHANNEL);
    let timer: ReturnType<typeof setTimeout> | undefined;
    channel.onmessage = (event: MessageEvent<{ released?: string }>) => {
      if (event.data?.released !== audioId || !heldRef.current) return;
      clearTimeout(timer);
      timer = setTimeout(() => void take(), RETAKE_AFTER_RELEASE_MS);
    };
    return () => {
      clearTimeout(timer);
      channel.close();
    };
  }, [audioId, isEditorReady, take]);

  useEffect(() => {
    const handlePageHide = () => {
      if (heldRef.current) releaseOnPageHide(audioId);
    };
    window.addEventListener('pagehide', handlePageHide);
    return () => {
      window.removeEventListener('pagehide', handlePageHide);
      visit.current += 1;
      if (heldRef.current) void unlockAudio(audioId).then(() => announceRelease(audioId));
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
