import { spawnSync } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { MongoClient } from 'mongodb';

import { type EmbeddedDb, recordEmbeddedServer, startFerretDb } from './helpers/embedded-db';

/** Another local account: an unused uid and gid, no supplementary groups. */
const OTHER_UID = 64123;

/** Runs a Node script as the other account; its stdout, trimmed. */
function asOtherUser(script: string, ...args: string[]): string {
  const res = spawnSync(
    'setpriv',
    [`--reuid=${OTHER_UID}`, `--regid=${OTHER_UID}`, '--clear-groups', '--', process.execPath, '-e', script, ...args],
    { encoding: 'utf8', timeout: 20_000 },
  );
  if (res.status !== 0) throw new Error(`setpriv failed (${res.status}): ${res.stderr}`);
  return res.stdout.trim();
}

const TRY_READ = `
const fs = require('node:fs');
const path = require('node:path');
const out = [];
for (const p of process.argv.slice(1)) {
  try { fs.statSync(p).isDirectory() ? fs.readdirSync(p) : fs.readFileSync(p); out.push(p + ': read'); }
  catch (e) { out.push(p + ': ' + e.code); }
}
console.log(out.join('\\n'));`;

const TRY_CONNECT = `
const net = require('node:net');
const [kind, where] = process.argv.slice(1);
const socket = kind === 'unix' ? net.connect(where) : net.connect(Number(where.split(':')[1]), where.split(':')[0]);
socket.once('connect', () => { console.log('connected'); socket.destroy(); });
socket.once('error', (e) => console.log(e.code));`;

/**
 * The embedded database has no authentication, so the file system keeps it private: another local
 * user can read none of its files and cannot connect to it.
 */
describe("the embedded database's own door", () => {
  const root = mkdtempSync(join(tmpdir(), 'curator-door-'));
  // The data root as `npm start` leaves it, and the temp dir's parent readable by anyone.
  chmodSync(root, 0o755);
  const dataDir = join(root, 'db');
  let db: EmbeddedDb;

  beforeAll(async () => {
    // An older data directory, made with the default modes.
    mkdirSync(dataDir, { mode: 0o755 });
    writeFileSync(join(dataDir, 'old-notes.txt'), 'left by an older version', { mode: 0o644 });
    chmodSync(join(dataDir, 'old-notes.txt'), 0o644);
    db = await startFerretDb({ dataDir });
    const client = new MongoClient(`${db.uri}door`);
    try {
      await client.db().collection('users').insertOne({ username: 'alice', password_hash: '$argon2id$secret' });
    } finally {
      await client.close();
    }
    recordEmbeddedServer(root, db);
  });
  afterAll(async () => {
    await db?.stop();
    rmSync(root, { recursive: true, force: true });
  });

  it('keeps its directory 0700 and its files 0600, older files included', () => {
    expect(statSync(dataDir).mode & 0o777).toBe(0o700);
    const files = readdirSync(dataDir).filter((f) => statSync(join(dataDir, f)).isFile());
    expect(files).toEqual(expect.arrayContaining(['door.sqlite', 'old-notes.txt']));
    for (const f of files)
      expect({ f, mode: (statSync(join(dataDir, f)).mode & 0o777).toString(8) }).toEqual({ f, mode: '600' });
    expect(statSync(join(root, 'ferretdb.json')).mode & 0o777).toBe(0o600);
  });

  it('lets another local user read neither the data files nor the file naming the server', () => {
    const targets = [dataDir, join(dataDir, 'door.sqlite'), join(root, 'ferretdb.json')];
    expect(asOtherUser(TRY_READ, ...targets).split('\n')).toEqual(targets.map((p) => `${p}: EACCES`));
  });

  it('lets another local user not connect to the database', () => {
    // Listening on a socket in the private directory, not on a TCP port anyone can reach.
    expect(db.uri).not.toMatch(/^mongodb:\/\/127\.0\.0\.1:/);
    expect(db.socket).toBe(join(dataDir, 'ferretdb.sock'));
    expect(asOtherUser(TRY_CONNECT, 'unix', db.socket!)).toBe('EACCES');
    // The owner still can.
    expect(
      spawnSync(process.execPath, ['-e', TRY_CONNECT, 'unix', db.socket!], { encoding: 'utf8' }).stdout.trim(),
    ).toBe('connected');
  });
});
