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

  it('parses TRUST_PROXY as a flag, a hop count or an address list', () => {
    const base = { MONGODB_URI: 'mongodb://db/x' };
    expect(loadConfig({ ...base, TRUST_PROXY: 'true' }).TRUST_PROXY).toBe(true);
    expect(loadConfig({ ...base, TRUST_PROXY: '2' }).TRUST_PROXY).toBe(2);
    expect(loadConfig({ ...base, TRUST_PROXY: 'loopback' }).TRUST_PROXY).toBe('loopback');
  });

  it('refuses a missing MONGODB_URI and a bad PORT, naming both', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/MONGODB_URI[\s\S]*PORT|PORT[\s\S]*MONGODB_URI/);
  });
});
