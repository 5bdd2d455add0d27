import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

// Recorded drum kits that a Debian package ships for Hydrogen (hydrogen-drumkits: acoustic kits recorded with
// several velocity layers, drum machines, breakbeat hits; licences GPL-2+, CC0, CC BY 3.0, CC BY-SA 3.0, see the
// package's copyright file). The sampled grooves play them, so that the tracker can be tuned on drum sounds no
// synthesiser of ours made. Nothing of them is stored in this repository. The two kits that Hydrogen's own demo
// songs play (GMRockKit, TR808EmulationKit, package hydrogen-data) are never used here: those songs are a set
// that is only measured.

/** Where hydrogen-drumkits puts its kits. */
export const DRUMKIT_DIR = '/usr/share/hydrogen/data/drumkits';

/** The parts of a kit the grooves play. */
export type DrumRole =
  'kick' | 'snare' | 'clap' | 'rim' | 'hatClosed' | 'hatOpen' | 'hatPedal' | 'ride' | 'crash' | 'tomHigh' | 'tomLow';

/** One layer of an instrument: its sample file and the velocities (0..1) it plays. */
export type KitLayer = { file: string; minVelocity: number; maxVelocity: number };

/** A role's instrument in a kit: its name in the kit and its layers. */
export type KitInstrument = { name: string; layers: KitLayer[] };

/**
 * Which instrument of a kit plays a role, by its name in `drumkit.xml` (the first that matches, in the kit's order).
 * Names differ from kit to kit ("BassDrum", "Kick (Tama Superstar 22")", "c3 - bass drum 1").
 */
const ROLE_NAMES: Array<[DrumRole, (name: string) => boolean]> = [
  ['kick', (n) => /kick|bass ?drum/.test(n)],
  ['snare', (n) => /snare/.test(n) && !/roll|rim|jazz|ring|low/.test(n)],
  ['clap', (n) => /clap/.test(n)],
  ['rim', (n) => /stick|rim click/.test(n)],
  ['hatClosed', (n) => /hat|hh/.test(n) && /closed|\bcl\b/.test(n)],
  ['hatOpen', (n) => /hat|hh/.test(n) && /open|\bop\b/.test(n) && !/semi/.test(n)],
  ['hatPedal', (n) => /hat|hh/.test(n) && /pedal|\bpd\b/.test(n)],
  ['ride', (n) => /ride/.test(n) && !/bell|cup|crash/.test(n)],
  ['crash', (n) => /crash|china|splash/.test(n) && !/choke|bell|bow/.test(n)],
  ['tomHigh', (n) => /tom/.test(n) && /hi|high|\b1\b/.test(n)],
  ['tomLow', (n) => /tom/.test(n) && /low|floor/.test(n)],
];

/** Roles a kit must have for a groove to be played on it. */
const REQUIRED_ROLES: DrumRole[] = ['kick', 'snare', 'hatClosed'];

/** The text of the first `<tag>` in `xml`, or undefined. */
const readTag = (xml: string, tag: string) => new RegExp(`<${tag}>([^<]*)</${tag}>`).exec(xml)?.[1];

/**
 * The instruments of a kit by role, read from its `drumkit.xml`: each layer with the velocities it plays (one layer
 * over all velocities for kits in the older format, whose instrument names its file directly). Instruments without a
 * file are skipped.
 */
export function readDrumkitRoles(xml: string): Partial<Record<DrumRole, KitInstrument>> {
  const roles: Partial<Record<DrumRole, KitInstrument>> = {};
  for (const [, body] of xml.matchAll(/<instrument>([\s\S]*?)<\/instrument>/g)) {
    const name = (readTag(body, 'name') ?? '').trim();
    const layerBodies = [...body.matchAll(/<layer>([\s\S]*?)<\/layer>/g)].map((m) => m[1]);
    const layers = (layerBodies.length > 0 ? layerBodies : [body])
      .map((layer) => ({
        file: readTag(layer, 'filename') ?? '',
        minVelocity: Number(readTag(layer, 'min') ?? 0),
        maxVelocity: Number(readTag(layer, 'max') ?? 1),
      }))
      .filter((layer) => layer.file !== '');
    if (layers.length === 0) continue;
    const lower = name.toLowerCase();
    const role = ROLE_NAMES.find(([r, matches]) => !roles[r] && matches(lower))?.[0];
    if (role) roles[role] = { name, layers };
  }
  return roles;
}

/** A kit ready to play: each role's layers decoded to mono PCM at the kit's rate. */
export type SampledKit = {
  name: string;
  sampleRateHz: number;
  roles: Partial<Record<DrumRole, Array<{ minVelocity: number; maxVelocity: number; pcm: Float32Array }>>>;
};

/** Longest part of a sample that is played: cymbals ring for many seconds. */
const MAX_SAMPLE_S = 2.5;
/** Fade at the end of a shortened sample, so it does not click. */
const FADE_S = 0.05;

/**
 * Sample files decoded by one ffmpeg process (one output file each: a process per file spent most of its time starting
 * up) to mono float PCM at `sampleRateHz`, each at most MAX_SAMPLE_S long.
 */
function decodeSamples(paths: string[], sampleRateHz: number): Float32Array[] {
  if (paths.length === 0) return [];
  const dir = mkdtempSync(join(tmpdir(), 'drumkit-'));
  try {
    const outputs = paths.map((_, i) => join(dir, `${i}.f32`));
    const args = ['-v', 'error', ...paths.flatMap((path) => ['-i', path])];
    outputs.forEach((output, i) => {
      args.push('-map', `${i}:a:0`, '-ac', '1', '-ar', String(sampleRateHz), '-t', String(MAX_SAMPLE_S));
      args.push('-f', 'f32le', output);
    });
    execFileSync('ffmpeg', args, { stdio: ['ignore', 'ignore', 'pipe'] });
    return outputs.map((output) => {
      const raw = readFileSync(output);
      const pcm = new Float32Array(raw.buffer.slice(raw.byteOffset, raw.byteOffset + raw.byteLength));
      const fade = Math.min(pcm.length, Math.round(FADE_S * sampleRateHz));
      if (pcm.length >= Math.round(MAX_SAMPLE_S * sampleRateHz) - 1)
        for (let i = 0; i < fade; i++) pcm[pcm.length - 1 - i] *= i / fade;
      return pcm;
    });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const loadedKits = new Map<string, SampledKit | null>();

/**
 * The kit in DRUMKIT_DIR/`name`, decoded once per process, or null when it is not installed or lacks a kick, a snare
 * or a closed hat.
 */
export function loadSampledKit(name: string, sampleRateHz: number): SampledKit | null {
  const key = `${name}@${sampleRateHz}`;
  if (loadedKits.has(key)) return loadedKits.get(key)!;
  const dir = join(DRUMKIT_DIR, name);
  const xmlPath = join(dir, 'drumkit.xml');
  let kit: SampledKit | null = null;
  if (existsSync(xmlPath)) {
    const roles = readDrumkitRoles(readFileSync(xmlPath, 'utf8'));
    if (REQUIRED_ROLES.every((role) => roles[role])) {
      kit = { name, sampleRateHz, roles: {} };
      const played = (Object.entries(roles) as Array<[DrumRole, KitInstrument]>).map(
        ([role, instrument]) => [role, instrument.layers.filter((layer) => existsSync(join(dir, layer.file)))] as const,
      );
      const pcms = decodeSamples(
        played.flatMap(([, layers]) => layers.map((layer) => join(dir, layer.file))),
        sampleRateHz,
      );
      // The decoded samples come in the order of `played`'s layers.
      let next = 0;
      for (const [role, layers] of played)
        if (layers.length > 0) kit.roles[role] = layers.map((layer) => ({ ...layer, pcm: pcms[next++] }));
    }
  }
  loadedKits.set(key, kit);
  return kit;
}

/** True when hydrogen-drumkits is installed (scripts/bench-analysis.mjs installs it when it is not). */
export function areSampledKitsInstalled(): boolean {
  return existsSync(DRUMKIT_DIR) && readdirSync(DRUMKIT_DIR).includes('ForzeeStereo');
}
