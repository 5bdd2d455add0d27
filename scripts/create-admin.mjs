#!/usr/bin/env node
// npm run create-admin -- --username NAME [--if-no-users]
// Password from ADMIN_PASSWORD, else asked for (hidden). Database from MONGODB_URI, else the running
// embedded FerretDB of `npm start`, else a private one over $DATA_DIR/db (default ./data/db); it says which.
// --if-no-users: only on a database without any user (the demo seed of `npm start`); never in production.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(import.meta.url);

function usage(message) {
  if (message) console.error(message);
  console.error('Usage: npm run create-admin -- --username NAME   (password: ADMIN_PASSWORD or prompt)');
  process.exit(2);
}

function buildIfMissing(workspace, file) {
  if (existsSync(join(ROOT, file))) return;
  console.log(`Building ${workspace}...`);
  const res = spawnSync('npm', ['run', 'build', '-w', workspace], { cwd: ROOT, stdio: 'inherit' });
  if (res.status !== 0) throw new Error(`npm run build -w ${workspace} failed`);
}

/** Reads a line from the terminal without echoing it. */
function promptHidden(question) {
  return new Promise((resolve, reject) => {
    const { stdin, stdout } = process;
    if (!stdin.isTTY) return reject(new Error('No terminal to ask for the password: set ADMIN_PASSWORD'));
    stdout.write(question);
    stdin.setRawMode(true);
    stdin.resume();
    stdin.setEncoding('utf8');
    let value = '';
    const onData = (chunk) => {
      for (const ch of chunk) {
        if (ch === '\r' || ch === '\n') {
          stdin.setRawMode(false);
          stdin.pause();
          stdin.off('data', onData);
          stdout.write('\n');
          return resolve(value);
        }
        if (ch === '\u0003') process.exit(130);
        if (ch === '\u007f' || ch === '\b') value = value.slice(0, -1);
        else value += ch;
      }
    };
    stdin.on('data', onData);
  });
}

async function main() {
  const { values } = parseArgs({ options: { username: { type: 'string' }, 'if-no-users': { type: 'boolean' } } });
  if (!values.username) usage('--username is required');
  let password = process.env.ADMIN_PASSWORD;
  if (!password) {
    password = await promptHidden(`Password for ${values.username}: `);
    const again = await promptHidden('Password (again): ');
    if (password !== again) usage('The passwords differ');
  }

  buildIfMissing('shared', 'shared/dist/contract/index.js');
  buildIfMissing('api', 'api/dist/users/admin-bootstrap.js');
  const { createAdmin, ensureDemoAdmin } = require(join(ROOT, 'api/dist/users/admin-bootstrap.js'));
  const { connectOrStartEmbedded, dataRoot } = require(join(ROOT, 'tools/ferretdb.cjs'));
  const db = await connectOrStartEmbedded(dataRoot());
  console.log(`Database: ${db.where}`);
  try {
    if (values['if-no-users']) {
      const made = await ensureDemoAdmin({ mongodbUri: db.uri, username: values.username, password });
      console.log(made ? `Admin ${made.username} created.` : 'Users exist already: nothing to do.');
      return;
    }
    const { created } = await createAdmin({ mongodbUri: db.uri, username: values.username, password });
    console.log(
      created ? `Admin ${values.username} created.` : `User ${values.username} is now an admin with the new password.`,
    );
  } finally {
    await db.stop();
  }
}

main().catch((err) => {
  console.error(err.message);
  process.exit(1);
});
