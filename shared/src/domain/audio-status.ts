import { LOCK_EXPIRY_MS, STEM_STATUS_READY } from './constants';

/** Stem polling stops on 'ready' or on any status containing 'fail'. */
export function isStemStatusTerminal(status: string | null | undefined): boolean {
  return status === STEM_STATUS_READY || (typeof status === 'string' && status.includes('fail'));
}

/** A lock is live until LOCK_EXPIRY_MS after its last refresh. */
export function isLockLive(refreshedAtMs: number, nowMs: number, expiryMs: number = LOCK_EXPIRY_MS): boolean {
  return nowMs - refreshedAtMs < expiryMs;
}
