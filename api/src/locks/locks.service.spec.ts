import { findLiveHolder } from './locks.service';

describe('findLiveHolder', () => {
  const now = new Date('2025-01-01T00:00:30Z');
  const lease = (holder: string | null, expiresAt: string | null) => ({
    _id: 'a#1',
    music_canonical_id: 'a',
    gen: 1,
    holder,
    expires_at: expiresAt ? new Date(expiresAt) : null,
    created_at: now,
  });

  it('names the holder while the lease expires in the future', () => {
    expect(findLiveHolder(lease('mia', '2025-01-01T00:00:30.001Z'), now)).toBe('mia');
  });

  it('frees a lease at its expiry, an unlocked lease and a never-locked audio', () => {
    expect(findLiveHolder(lease('mia', '2025-01-01T00:00:30Z'), now)).toBeNull();
    expect(findLiveHolder(lease(null, null), now)).toBeNull();
    expect(findLiveHolder(null, now)).toBeNull();
  });
});
