import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';

import { encodeAudio, ENCODED_FORMATS, type EncodedFormat } from '../../dsp/encode-audio';
import { type OriginalSoundKind, synthesiseOriginalSound } from './original-sound';
import { createRandom } from './seeded-random';
import { type DrumPattern, synthesiseTrack } from './synthesise-track';

/** A demo-catalog item: music with a known beat, or an original sound without one. */
export type CatalogItemSpec =
  | {
      name: string;
      kind: 'music';
      seed: number;
      durationS: number;
      tempoBpm: number;
      pattern: DrumPattern;
      swingRatio: number;
    }
  | { name: string; kind: OriginalSoundKind; seed: number; durationS: number };

/** What was written for one catalog item; beatsS/tempoBpm are the ground truth (empty/null for original sounds). */
export type CatalogFile = {
  name: string;
  kind: CatalogItemSpec['kind'];
  path: string;
  mimeType: string;
  durationS: number;
  beatsS: number[];
  tempoBpm: number | null;
};

const PATTERNS: DrumPattern[] = ['backbeat', 'four-on-floor', 'syncopated'];

/** `count` distinct, deterministic catalog items of 30–90 s: three quarters music (60–180 BPM), the rest original sounds. */
export function buildCatalogSpecs(count = 24, seed = 2024): CatalogItemSpec[] {
  const random = createRandom(seed);
  return Array.from({ length: count }, (_, i): CatalogItemSpec => {
    const durationS = Math.round(random.between(30, 90));
    if (i % 4 === 3)
      return { name: `original-${i + 1}`, kind: i % 8 === 3 ? 'speech-like' : 'ambient', seed: seed + i, durationS };
    const tempoBpm = Math.round(random.between(60, 180));
    return {
      name: `music-${i + 1}-${tempoBpm}bpm`,
      kind: 'music',
      seed: seed + i,
      durationS,
      tempoBpm,
      pattern: random.pick(PATTERNS),
      swingRatio: random.next() < 0.25 ? 0.62 : 0.5,
    };
  });
}

/** Synthesises and encodes one item into `outputDir/<name>.<ext>`. */
export async function renderCatalogItem(
  spec: CatalogItemSpec,
  outputDir: string,
  format: EncodedFormat,
): Promise<CatalogFile> {
  const path = join(outputDir, `${spec.name}.${ENCODED_FORMATS[format].extension}`);
  const base = { name: spec.name, kind: spec.kind, path, mimeType: ENCODED_FORMATS[format].mimeType };
  if (spec.kind === 'music') {
    const track = synthesiseTrack(spec);
    await writeFile(path, await encodeAudio(track.channels, track.sampleRateHz, format));
    return {
      ...base,
      durationS: track.durationS,
      beatsS: track.beatsS.map((t) => Math.round(t * 100) / 100),
      tempoBpm: Math.round(track.tempoBpm * 100) / 100,
    };
  }
  const clip = synthesiseOriginalSound(spec);
  // Original sounds are near dual-mono: one channel halves the encoding time.
  await writeFile(path, await encodeAudio(clip.channels.slice(0, 1), clip.sampleRateHz, format));
  return { ...base, durationS: clip.durationS, beatsS: [], tempoBpm: null };
}

/** Renders items in order on this thread. */
async function renderSequentially(
  specs: CatalogItemSpec[],
  outputDir: string,
  format: EncodedFormat,
): Promise<CatalogFile[]> {
  const files: CatalogFile[] = [];
  for (const spec of specs) files.push(await renderCatalogItem(spec, outputDir, format));
  return files;
}

/** Renders catalog files, spread over `concurrency` worker threads when running compiled JavaScript. */
export async function renderCatalogFiles(
  specs: CatalogItemSpec[],
  outputDir: string,
  format: EncodedFormat = 'mp3',
  concurrency = 2,
): Promise<CatalogFile[]> {
  // Workers load this compiled file; under a TypeScript loader (tests) the work stays on this thread.
  if (concurrency <= 1 || !__filename.endsWith('.js')) return renderSequentially(specs, outputDir, format);
  const shares = Array.from({ length: concurrency }, (_, w) => specs.filter((_, i) => i % concurrency === w));
  const results = await Promise.all(
    shares.map(
      (share) =>
        new Promise<CatalogFile[]>((resolve, reject) => {
          const worker = new Worker(__filename, { workerData: { catalogShare: share, outputDir, format } });
          worker.once('message', resolve);
          worker.once('error', reject);
        }),
    ),
  );
  return specs.map((spec) => results.flat().find((file) => file.name === spec.name)!);
}

if (!isMainThread && workerData?.catalogShare) {
  void renderSequentially(workerData.catalogShare, workerData.outputDir, workerData.format).then((files) =>
    parentPort!.postMessage(files),
  );
}
