import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const ROOT = join(__dirname, '..');

describe('npm run import', () => {
  const callerDir = mkdtempSync(join(tmpdir(), 'curator-import-caller-'));
  afterAll(() => rmSync(callerDir, { recursive: true, force: true }));

  /** The script as `npm run import -- …` runs it: in the project's folder, started from `callerDir`. */
  const runImport = (args: string[], env: NodeJS.ProcessEnv = {}) =>
    spawnSync(process.execPath, [join(ROOT, 'scripts/import.mjs'), ...args], {
      cwd: ROOT,
      env: { ...process.env, INIT_CWD: callerDir, ...env },
      encoding: 'utf8',
      timeout: 180_000,
    });

  it('reads a relative path from the folder npm was started in, and names the whole path when it is not a file', () => {
    const missing = runImport(['--audios', 'audios.jsonl']);
    expect(missing.status).toBe(1);
    expect(missing.stderr.trim()).toBe(`No such file: ${join(callerDir, 'audios.jsonl')}`);
    mkdirSync(join(callerDir, 'folder.jsonl'));
    const folder = runImport(['--audios', 'folder.jsonl']);
    expect(folder.status).toBe(1);
    expect(folder.stderr.trim()).toBe(`Not a file: ${join(callerDir, 'folder.jsonl')}`);
  });

  it('imports a file named relative to the folder npm was started in', () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'curator-import-data-'));
    try {
      const line = {
        music_canonical_id: 'caller1',
        audio_id: 'a-caller1',
        audio_name: 'From the caller',
        is_original_sound: true,
        highlight_start_times_in_ms: [0],
      };
      writeFileSync(join(callerDir, 'mine.jsonl'), `${JSON.stringify(line)}\n`);
      const env: NodeJS.ProcessEnv = { DATA_DIR: dataDir };
      const res = runImport(['--audios', 'mine.jsonl'], { ...env, MONGODB_URI: '' });
      // (A stale build is made first, and says so on stderr.)
      expect({ status: res.status, problems: res.stderr.split('\n').filter((l) => l.includes('mine.jsonl')) }).toEqual({
        status: 0,
        problems: [],
      });
      expect(res.stdout).toContain('mine.jsonl: 1 imported, 0 skipped');
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 240_000);
});
