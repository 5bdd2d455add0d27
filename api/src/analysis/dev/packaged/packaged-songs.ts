import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { promisify } from 'node:util';
import { inflateSync } from 'node:zlib';

import { decodeFile } from '../../dsp/decode-audio';

// Songs that Debian packages ship as projects of their own music programs, rendered here by those
// programs, so their beats are known exactly from the project's tempo: LMMS's demo projects
// (lmms-common: synthesisers, sampled drums and instruments, several producers) and Hydrogen's demo
// songs (hydrogen-data: sampled acoustic and drum-machine kits, with swing and humanised timing).
// Their licences (GPL-2+, Artistic-2, BSD-2-clause, CC BY-SA 3.0/4.0; see the packages' copyright
// files) allow rendering and listening; nothing of them is stored in this repository. Like the
// independent set, they are never used for tuning.

const run = promisify(execFile);

/** Where the packages put the projects. */
export const LMMS_PROJECT_DIRS = ['/usr/share/lmms/projects/demos', '/usr/share/lmms/projects/shorties'];
export const HYDROGEN_SONG_DIR = '/usr/share/hydrogen/data/demo_songs';

/** One packaged song: the program that renders it, its project file and its constant tempo (quarter notes). */
export type PackagedSong = { name: string; source: 'lmms' | 'hydrogen'; projectPath: string; bpm: number };

/** Why a project is left out, or its tempo. */
type TempoReading = { bpm: number } | { skip: string };

/** The XML of an LMMS project: `.mmp` is plain, `.mmpz` is Qt's qCompress (a 4-byte length, then zlib). */
export function readLmmsProjectXml(bytes: Buffer, fileName: string): string {
  return fileName.endsWith('.mmpz') ? inflateSync(bytes.subarray(4)).toString('utf8') : bytes.toString('utf8');
}

/**
 * The tempo of an LMMS project, from its `<head>`: left out when the tempo is automated (a `<bpm>`
 * element with an id instead of the attribute) or the beat is not a quarter note (denominator ≠ 4).
 */
export function readLmmsTempo(xml: string): TempoReading {
  const head = /<head\b([^>]*?)(\/?)>/.exec(xml);
  if (!head) return { skip: 'no <head>' };
  const attribute = (name: string) => new RegExp(`\\b${name}="([^"]*)"`).exec(head[1])?.[1];
  const denominator = Number(attribute('timesig_denominator') ?? 4);
  if (denominator !== 4) return { skip: `time signature over ${denominator}` };
  const bpm = Number(attribute('bpm'));
  if (!Number.isFinite(bpm) || bpm <= 0) return { skip: 'tempo automated or missing' };
  return { bpm };
}

/**
 * The tempo of a Hydrogen song: left out when a tempo timeline could change it or a pattern is not
 * one 4/4 bar (192 ticks).
 */
export function readHydrogenTempo(xml: string): TempoReading {
  if (/<timeline>\s*<newBPM>|<BPMTimeLine>|<timelineBPM/.test(xml)) return { skip: 'tempo timeline' };
  const sizes = [...xml.matchAll(/<size>(\d+)<\/size>/g)].map((m) => Number(m[1]));
  if (sizes.some((size) => size !== 192)) return { skip: 'patterns not of one 4/4 bar' };
  const bpm = Number(/<bpm>([\d.]+)<\/bpm>/.exec(xml)?.[1]);
  return Number.isFinite(bpm) && bpm > 0 ? { bpm } : { skip: 'no tempo' };
}

function listFiles(dir: string, pattern: RegExp): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true })
    .flatMap((entry) =>
      entry.isDirectory()
        ? listFiles(join(dir, entry.name), pattern)
        : pattern.test(entry.name)
          ? [join(dir, entry.name)]
          : [],
    )
    .sort();
}

/** The packaged songs installed on this machine, and the projects left out with the reason. */
export function findPackagedSongs(): { songs: PackagedSong[]; skipped: string[] } {
  const songs: PackagedSong[] = [];
  const skipped: string[] = [];
  const add = (source: PackagedSong['source'], projectPath: string, reading: TempoReading) => {
    const name = basename(projectPath).replace(/\.(mmpz?|h2song)$/, '');
    if ('skip' in reading) skipped.push(`${name} (${reading.skip})`);
    else songs.push({ name, source, projectPath, bpm: reading.bpm });
  };
  for (const path of LMMS_PROJECT_DIRS.flatMap((dir) => listFiles(dir, /\.mmpz?$/)))
    add('lmms', path, readLmmsTempo(readLmmsProjectXml(readFileSync(path), path)));
  for (const path of listFiles(HYDROGEN_SONG_DIR, /\.h2song$/))
    add('hydrogen', path, readHydrogenTempo(readFileSync(path, 'utf8')));
  return { songs, skipped };
}

/** The programs that render the songs (Debian packages lmms and hydrogen). */
const PROGRAMS = ['/usr/bin/lmms', '/usr/bin/h2cli'];

/** True when both programs are installed; scripts/bench-analysis.mjs installs them when they are not. */
export function arePackagedSongProgramsInstalled(): boolean {
  return PROGRAMS.every((path) => existsSync(path));
}

/**
 * The song rendered to WAV by its own program, once: kept in `cacheDir` under the project's name and
 * size, so a later run (or another package version's project) renders only what changed.
 */
export async function renderPackagedSong(song: PackagedSong, cacheDir: string): Promise<string> {
  mkdirSync(cacheDir, { recursive: true });
  const output = join(
    cacheDir,
    `${song.source}-${song.name.replace(/[^\w.-]/g, '_')}-${statSync(song.projectPath).size}.wav`,
  );
  if (existsSync(output)) return output;
  const partial = `${output}.part.wav`;
  // LMMS renders faster than real time; Hydrogen exports in about real time (its longest demo song lasts 4 minutes).
  const options = { timeout: 600_000, env: { ...process.env, QT_QPA_PLATFORM: 'offscreen' } };
  if (song.source === 'lmms')
    await run('lmms', ['--allowroot', 'render', song.projectPath, '--format', 'wav', '--output', partial], options);
  else await run('h2cli', ['--song', song.projectPath, '--outfile', partial], options);
  renameSync(partial, output);
  return output;
}

/**
 * findLastSoundS of a rendered song, kept beside the render: a render is never written again once it is there,
 * so later runs need not decode it a second time (the tracker decodes it on its own path).
 */
export async function findRenderEndS(renderPath: string): Promise<number> {
  const kept = `${renderPath}.end.json`;
  if (existsSync(kept)) return (JSON.parse(readFileSync(kept, 'utf8')) as { endS: number }).endS;
  const { channels, sampleRateHz } = await decodeFile(renderPath, { mono: true, sampleRateHz: 22050 });
  const endS = findLastSoundS(channels[0], sampleRateHz);
  writeFileSync(`${kept}.part`, JSON.stringify({ endS }));
  renameSync(`${kept}.part`, kept);
  return endS;
}

/** Quarter-note beats of a constant tempo from the start of the song up to `endS`. */
export function beatsAtTempo(bpm: number, endS: number): number[] {
  const beats: number[] = [];
  for (let k = 0; (k * 60) / bpm <= endS; k++) beats.push((k * 60) / bpm);
  return beats;
}

/**
 * Where the music ends: the last 50-ms block whose RMS is within 40 dB of the loudest block's (a
 * rendered project ends in a tail of silence or reverb, where no one taps a beat).
 */
export function findLastSoundS(mono: Float32Array, sampleRateHz: number): number {
  const block = Math.max(1, Math.round(0.05 * sampleRateHz));
  const levels: number[] = [];
  for (let start = 0; start < mono.length; start += block) {
    let sum = 0;
    const end = Math.min(mono.length, start + block);
    for (let i = start; i < end; i++) sum += mono[i] * mono[i];
    levels.push(Math.sqrt(sum / (end - start)));
  }
  const loudest = Math.max(0, ...levels);
  let last = levels.length - 1;
  while (last > 0 && levels[last] < loudest / 100) last--;
  return ((last + 1) * block) / sampleRateHz;
}
