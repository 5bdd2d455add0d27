// Decides whether a build output is older than its inputs, so `npm start` builds only what is missing.
import fs from 'node:fs';
import path from 'node:path';

function newestMtimeMs(target) {
  if (!fs.existsSync(target)) return 0;
  const stat = fs.statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of fs.readdirSync(target)) {
    if (entry === 'node_modules' || entry === 'dist') continue;
    newest = Math.max(newest, newestMtimeMs(path.join(target, entry)));
  }
  return newest;
}

/** True when `stampFile` exists and is newer than every input path. */
export function isFresh(stampFile, inputs) {
  if (!fs.existsSync(stampFile)) return false;
  const built = fs.statSync(stampFile).mtimeMs;
  return inputs.every((input) => newestMtimeMs(input) <= built);
}

export function writeStamp(stampFile) {
  fs.mkdirSync(path.dirname(stampFile), { recursive: true });
  fs.writeFileSync(stampFile, new Date().toISOString() + '\n');
}
