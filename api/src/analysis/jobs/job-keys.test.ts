import { buildJobKey } from './job-keys';

describe('buildJobKey', () => {
  it('gives equal keys for equal parameters in any key order, and different keys otherwise', () => {
    const hash = 'a'.repeat(64);
    expect(buildJobKey('stems', hash, { v: 1, separator: 'hpss' })).toBe(
      buildJobKey('stems', hash, { separator: 'hpss', v: 1 }),
    );
    expect(buildJobKey('stems', hash, { v: 1 })).not.toBe(buildJobKey('stems', hash, { v: 2 }));
    expect(buildJobKey('peaks', hash, { v: 1 })).not.toBe(buildJobKey('autobeat', hash, { v: 1 }));
  });
});
