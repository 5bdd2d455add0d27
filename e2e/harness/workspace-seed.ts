import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const ROOT = path.join(__dirname, '..', '..');
const CACHE_DIR = path.join(ROOT, 'data', 'demo-cache', 'e2e-workspace');

/** A synthesised music track with its true beats; durationS long. */
export type WorkspaceTrack = { path: string; durationS: number; beatsS: number[]; tempoBpm: number };

/** Renders (once, cached) a music track with the analysis synthesiser of the built API. */
export function synthesiseTrackOnce(name: string, durationS: number, tempoBpm: number): WorkspaceTrack {
  const target = path.join(CACHE_DIR, `${name}.json`);
  if (!fs.existsSync(target)) {
    fs.mkdirSync(CACHE_DIR, { recursive: true });
    const script = `
      const { renderCatalogItem } = require(${JSON.stringify(path.join(ROOT, 'api/dist/analysis/dev/synth/catalog-audio.js'))});
      renderCatalogItem({ name: ${JSON.stringify(name)}, kind: 'music', seed: 77, durationS: ${durationS}, tempoBpm: ${tempoBpm}, pattern: 'four-on-floor', swingRatio: 0.5 },
        ${JSON.stringify(CACHE_DIR)}, 'mp3')
        .then((f) => require('fs').writeFileSync(${JSON.stringify(target)}, JSON.stringify(f)))
        .catch((e) => { console.error(e); process.exit(1); });`;
    execFileSync(process.execPath, ['-e', script], {
      cwd: ROOT,
      stdio: ['ignore', 'ignore', 'inherit'],
      timeout: 240_000,
    });
  }
  return JSON.parse(fs.readFileSync(target, 'utf8')) as WorkspaceTrack;
}

export type SeedAudio = {
  music_canonical_id: string;
  audio_name: string;
  artist_name?: string;
  is_original_sound: boolean;
  media: string | null;
  highlight_start_times_in_ms?: number[];
  eps?: number[];
  duration_ms?: number | null;
};

export type SeedTemplate = {
  template_clips_media_id: string;
  music_canonical_id: string;
  code: string;
  clips_count: number;
  segments_info: { duration_in_ms: number }[];
  audio_asset_start_time_in_ms: number | null;
  approved?: boolean | null;
};

/** Loads audios and templates into the e2e database through the real JSON Lines import command. */
export function importCatalog(audios: SeedAudio[], templates: SeedTemplate[] = []): void {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ws-import-'));
  const audiosFile = path.join(dir, 'audios.jsonl');
  fs.writeFileSync(
    audiosFile,
    audios
      .map((a) => JSON.stringify({ audio_id: `a${a.music_canonical_id}`, artist_name: 'E2E Artist', ...a }))
      .join('\n'),
  );
  const args = [path.join(ROOT, 'scripts/import.mjs'), '--audios', audiosFile, '--media-root', '/'];
  if (templates.length > 0) {
    const templatesFile = path.join(dir, 'templates.jsonl');
    fs.writeFileSync(templatesFile, templates.map((t) => JSON.stringify(t)).join('\n'));
    args.push('--templates', templatesFile);
  }
  execFileSync(process.execPath, args, {
    cwd: ROOT,
    env: { ...process.env, MONGODB_URI: process.env.E2E_MONGODB_URI },
    stdio: ['ignore', 'ignore', 'inherit'],
    timeout: 120_000,
  });
}

/** A fresh, unique id per call so test files never share an audio. */
export function uniqueAudioId(prefix: string): string {
  return `${prefix}-${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
}
