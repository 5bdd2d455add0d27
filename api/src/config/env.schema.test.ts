import { join } from 'node:path';

import { loadConfig, REPO_ROOT } from './env.schema';

describe('loadConfig', () => {
  it('applies defaults and resolves paths against the repository root', () => {
    const c = loadConfig({ MONGODB_URI: 'mongodb://db/x' });
    expect(c.PORT).toBe(8080);
    expect(c.NODE_ENV).toBe('development');
    expect(c.WEB_ROOT).toBe(REPO_ROOT);
    expect(c.MEDIA_DIR).toBe(join(REPO_ROOT, 'data', 'media'));
    expect(c.remotesFile).toBe(join(REPO_ROOT, 'remotes.json'));
    expect(c.TRUST_PROXY).toBe(false);
    expect(c.isProduction).toBe(false);
  });

  it('parses TRUST_PROXY as off, a hop count or an address list, and refuses `true`', () => {
    const base = { MONGODB_URI: 'mongodb://db/x' };
    expect(() => loadConfig({ ...base, TRUST_PROXY: 'true' })).toThrow(/TRUST_PROXY: must be the number of proxies/);
    expect(loadConfig({ ...base, TRUST_PROXY: 'false' }).TRUST_PROXY).toBe(false);
    expect(loadConfig({ ...base, TRUST_PROXY: '2' }).TRUST_PROXY).toBe(2);
    expect(loadConfig({ ...base, TRUST_PROXY: 'loopback' }).TRUST_PROXY).toBe('loopback');
  });

  it('refuses a missing MONGODB_URI and a bad PORT, naming both', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/MONGODB_URI[\s\S]*PORT|PORT[\s\S]*MONGODB_URI/);
  });
});

describe('analysis settings', () => {
  const base = { MONGODB_URI: 'mongodb://db/x' };
  it('defaults the lease and retry delay and leaves the separator to the built-in one', () => {
    const c = loadConfig(base);
    expect(c.ANALYSIS_LEASE_MS).toBe(60_000);
    expect(c.ANALYSIS_RETRY_DELAY_MS).toBe(5_000);
    expect(c.STEM_SEPARATOR_COMMAND).toBeUndefined();
  });

  it('accepts an external separator command and refuses a malformed one, naming the variable', () => {
    const command = JSON.stringify({
      command: 'demucs',
      args: ['-o', '{outputDir}', '{input}'],
      stemTypes: ['drums', 'other'],
    });
    expect(loadConfig({ ...base, STEM_SEPARATOR_COMMAND: command }).STEM_SEPARATOR_COMMAND).toBe(command);
    expect(() => loadConfig({ ...base, STEM_SEPARATOR_COMMAND: '{"command":"demucs"}' })).toThrow(
      /STEM_SEPARATOR_COMMAND/,
    );
    expect(() => loadConfig({ ...base, STEM_SEPARATOR_COMMAND: 'not json' })).toThrow(/STEM_SEPARATOR_COMMAND/);
  });
});
