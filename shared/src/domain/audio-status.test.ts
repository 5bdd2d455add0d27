import { isLockLive, isStemStatusTerminal } from './audio-status';

describe('isStemStatusTerminal', () => {
  it.each([
    ['ready', true],
    ['failed: out of memory', true],
    ['FAILED', false],
    ['upload_fail', true],
    ['requested', false],
    ['processing', false],
    [null, false],
    [undefined, false],
  ])('%p → %p', (status, terminal) => {
    expect(isStemStatusTerminal(status)).toBe(terminal);
  });
});

describe('isLockLive', () => {
  it('expires 30 s after the last refresh', () => {
    expect(isLockLive(1000, 1000 + 29_999)).toBe(true);
    expect(isLockLive(1000, 1000 + 30_000)).toBe(false);
  });
});
