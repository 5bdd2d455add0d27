import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { ANALYSIS_RATE_HZ, type BeatAnalysis, trackBeats, trackFileBeats } from '../dsp/beat-tracker';
import { decodeWithFfmpeg, isFfmpegAvailable } from '../dsp/decode-audio';
import { downmixToMono } from '../dsp/downmix';
import { encodeAudio } from '../dsp/encode-audio';
import { separateHarmonicPercussive } from '../dsp/hpss';
import { computePeaks } from '../dsp/peaks';
import {
  F_MEASURE_WINDOW_S,
  isTempoCorrect,
  measureMedianTimingErrorMs,
  scoreAllowedMetricalLevels,
  scoreBeatFMeasure,
  scoreContinuityTotal,
} from './eval/beat-f-measure';
import { computeSdrDb } from './eval/sdr';
import { generateGroove } from './independent/groove-generator';
import { buildIndependentSet, INDEPENDENT_SET_SEED } from './independent/independent-set';
import { MP3_ROUTES } from './mp3-routes';
import {
  arePackagedSongProgramsInstalled,
  beatsAtTempo,
  findPackagedSongs,
  findRenderEndS,
  type PackagedSong,
  renderPackagedSong,
} from './packaged/packaged-songs';
import { areSampledKitsInstalled } from './sampled/drumkits';
import { generateSampledGroove } from './sampled/sampled-grooves';
import { buildSampledSet } from './sampled/sampled-set';
import { buildCatalogSpecs, renderCatalogFiles } from './synth/catalog-audio';
import { buildEvaluationSet, type EvaluationCategory, type EvaluationHalf } from './synth/evaluation-set';
import { synthesiseTrack, type TrackSpec } from './synth/synthesise-track';

const mean = (values: number[]) => values.reduce((a, b) => a + b, 0) / values.length;
const median = (values: number[]) => [...values].sort((a, b) => a - b)[values.length >> 1];
const cpuS = () => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1e6;
};

/**
 * CPU seconds of this process's ended child processes (the decoder), from /proc/self/stat's cutime and cstime
 * (clock ticks of 1/100 s); null where there is no /proc.
 */
const childCpuS = (): number | null => {
  try {
    const fields = readFileSync('/proc/self/stat', 'utf8').split(') ')[1].split(' ');
    return (Number(fields[13]) + Number(fields[14])) / 100;
  } catch {
    return null;
  }
};

type BeatRow = {
  name: string;
  kind: string;
  truthBpm: number;
  bpm: number;
  f: number;
  cmlt: number;
  amlt: number;
  levelRight: boolean;
  amongVariants: boolean;
  /** Offered tempi outside the tapping range (TAPPABLE_BPM). */
  untappable: number[];
  errorMs: number;
  cpuS: number;
  audioS: number;
};

/** Tempi a listener can tap; variants outside are counted in the tables. */
const TAPPABLE_BPM: [number, number] = [40, 220];

/** Tempo within ±8 % of the truth: wide enough for drifts and steps, far narrower than any metrical ratio. */
const isLevelRight = (truthBpm: number, bpm: number) => isTempoCorrect(truthBpm, bpm, 0.08);

/** Kind of music of an in-house category, so that the sets line up in one table. */
const KIND_OF_CATEGORY: Record<EvaluationCategory, string> = {
  steady: 'straight',
  feel: 'feel',
  syncopation: 'syncopation',
  swing: 'swing',
  slow: 'ballad',
  fast: 'fast',
  triple: 'triple',
  'tempo-change': 'tempo-change',
  intro: 'sparse',
  ambient: 'sparse',
  noise: 'noise',
};

/** Scores one analysis against the true beats. */
function scoreAnalysis(
  name: string,
  kind: string,
  truth: { beatsS: number[]; tempoBpm: number; durationS: number },
  analysis: BeatAnalysis,
  elapsedCpuS: number,
): BeatRow {
  const variantsBpm = analysis.variants.map((v) => v.bpm);
  return {
    name,
    kind,
    truthBpm: truth.tempoBpm,
    bpm: analysis.tempoBpm,
    f: scoreBeatFMeasure(truth.beatsS, analysis.beatsS),
    cmlt: scoreContinuityTotal(truth.beatsS, analysis.beatsS),
    amlt: scoreAllowedMetricalLevels(truth.beatsS, analysis.beatsS),
    levelRight: isLevelRight(truth.tempoBpm, analysis.tempoBpm),
    amongVariants: variantsBpm.some((bpm) => isLevelRight(truth.tempoBpm, bpm)),
    untappable: variantsBpm.filter((bpm) => bpm < TAPPABLE_BPM[0] || bpm > TAPPABLE_BPM[1]),
    errorMs: measureMedianTimingErrorMs(truth.beatsS, analysis.beatsS),
    cpuS: elapsedCpuS,
    audioS: truth.durationS,
  };
}

/** A track of a 30-s set, with its true beats, as the set's generator made it. */
type SetTrack = {
  name: string;
  kind: string;
  groove: { channels: Float32Array[]; sampleRateHz: number; beatsS: number[]; tempoBpm: number; durationS: number };
};

/** Tracks one track's audio (its channels mixed down, in memory) and scores it against its true beats. */
function scoreTrack({ name, kind, groove }: SetTrack): BeatRow {
  const startCpuS = cpuS();
  const analysis = trackBeats(downmixToMono(groove.channels), groove.sampleRateHz);
  return scoreAnalysis(name, kind, groove, analysis, cpuS() - startCpuS);
}

/** Every track of one half of the in-house set, made one at a time. */
function* generateHalf(half: EvaluationHalf, durationS: number): Generator<SetTrack> {
  for (const item of buildEvaluationSet(half, durationS))
    yield { name: item.name, kind: KIND_OF_CATEGORY[item.category], groove: synthesiseTrack(item.spec) };
}

/** Every track of the independent set (never used for tuning), or of another draw of it, made one at a time. */
function* generateIndependent(durationS: number, setSeed = INDEPENDENT_SET_SEED): Generator<SetTrack> {
  for (const item of buildIndependentSet(durationS, setSeed))
    yield { name: item.name, kind: item.kind, groove: generateGroove(item.spec) };
}

/** Every groove of one half of the sampled set (recorded kits), made one at a time; kits must be installed. */
function* generateSampled(half: EvaluationHalf, durationS: number): Generator<SetTrack> {
  for (const item of buildSampledSet(half, durationS)) {
    const groove = generateSampledGroove(item.spec);
    if (groove) yield { name: item.name, kind: item.kind, groove };
  }
}

/** Tracks every item of one half of the in-house set and scores it. */
export function evaluateHalf(half: EvaluationHalf, durationS = 30): BeatRow[] {
  return Array.from(generateHalf(half, durationS), scoreTrack);
}

/** Tracks every item of the independent set (never used for tuning), or of another draw of it, and scores it. */
export function evaluateIndependent(durationS = 30, setSeed = INDEPENDENT_SET_SEED): BeatRow[] {
  return Array.from(generateIndependent(durationS, setSeed), scoreTrack);
}

/**
 * Tracks every groove of one half of the sampled set (recorded kits) and scores it; null when hydrogen-drumkits is
 * not installed.
 */
export function evaluateSampled(half: EvaluationHalf, durationS = 30): BeatRow[] | null {
  if (!areSampledKitsInstalled()) return null;
  return Array.from(generateSampled(half, durationS), scoreTrack);
}

/**
 * Tracks every track of a set as the product gets catalog audio: encoded to MP3 (encodeAudio, MP3_BITRATE_KBPS) and
 * analysed from the file (trackFileBeats: decoded by mpg123 at half the file's rate, else by ffmpeg at the analysis
 * rate, else by the WASM decoder). Its speed is wall clock, the decoder's process included. With `alsoResampled`, each
 * track is also tracked on its audio resampled to the analysis rate by ffmpeg with no codec between (a WAV file),
 * returned as `resampled`: beside the in-memory and MP3 routes, that tells the resampler's part in what the MP3 moves
 * (OnsetStream averages each pair of samples at 44.1 kHz; ffmpeg low-passes first, and mpg123 keeps the lower half of
 * the MP3's subbands).
 */
async function evaluateThroughMp3(
  tracks: Iterable<SetTrack>,
  alsoResampled: boolean,
): Promise<{ rows: BeatRow[]; resampled?: BeatRow[] }> {
  const dir = mkdtempSync(join(tmpdir(), 'beat-set-mp3-'));
  const [path, wavPath] = [join(dir, 'track.mp3'), join(dir, 'track.wav')];
  const rows: BeatRow[] = [];
  const resampled: BeatRow[] | undefined = alsoResampled ? [] : undefined;
  try {
    for (const { name, kind, groove } of tracks) {
      writeFileSync(path, await encodeAudio(groove.channels, groove.sampleRateHz, 'mp3'));
      const startMs = performance.now();
      const analysis = await trackFileBeats(path);
      rows.push(scoreAnalysis(name, kind, groove, analysis, (performance.now() - startMs) / 1000));
      if (!resampled) continue;
      writeFileSync(wavPath, await encodeAudio(groove.channels, groove.sampleRateHz, 'wav'));
      const audio = await decodeWithFfmpeg(wavPath, { mono: true, sampleRateHz: ANALYSIS_RATE_HZ });
      const startCpuS = cpuS();
      const onResampled = trackBeats(audio.channels[0], audio.sampleRateHz);
      resampled.push(scoreAnalysis(name, kind, groove, onResampled, cpuS() - startCpuS));
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  return { rows, resampled };
}

/** Kind of music of a packaged song: the program that made it. */
const KIND_OF_SOURCE: Record<PackagedSong['source'], string> = { lmms: 'lmms-song', hydrogen: 'hydrogen-kit' };

/**
 * Renders (once, cached) and tracks every packaged song through the product's own path (trackFileBeats on the rendered
 * WAV), scored up to where its music ends. Null when the programs are not installed.
 */
export async function evaluatePackaged(cacheDir: string): Promise<{ rows: BeatRow[]; skipped: string[] } | null> {
  if (!arePackagedSongProgramsInstalled()) return null;
  const { songs, skipped } = findPackagedSongs();
  // LMMS renders on the CPU, one at a time; Hydrogen exports in about real time, mostly waiting, so all at once.
  // Each render settles to its file or its error, so one that fails before its turn is not an unhandled rejection.
  const renders = new Map<PackagedSong, Promise<{ path: string } | { error: Error }>>();
  let previous: Promise<unknown> = Promise.resolve();
  for (const song of songs) {
    const render = () => renderPackagedSong(song, cacheDir);
    const settled = (song.source === 'lmms' ? previous.then(render) : render()).then(
      (path) => ({ path }),
      (error: Error) => ({ error }),
    );
    if (song.source === 'lmms') previous = settled;
    renders.set(song, settled);
  }
  const rows: BeatRow[] = [];
  for (const song of songs) {
    const rendered = await renders.get(song)!;
    if ('error' in rendered) {
      skipped.push(`${song.name} (render failed: ${rendered.error.message.split('\n')[0]})`);
      continue;
    }
    const { path } = rendered;
    const endS = await findRenderEndS(path);
    const startCpuS = cpuS();
    const analysis = await trackFileBeats(path);
    const elapsedCpuS = cpuS() - startCpuS;
    const heard = { ...analysis, beatsS: analysis.beatsS.filter((t) => t <= endS + F_MEASURE_WINDOW_S) };
    const truth = { beatsS: beatsAtTempo(song.bpm, endS), tempoBpm: song.bpm, durationS: endS };
    rows.push(scoreAnalysis(song.name, KIND_OF_SOURCE[song.source], truth, heard, elapsedCpuS));
  }
  return { rows, skipped };
}

/** Table of one set: a line per track and the summary. */
function describeSet(label: string, rows: BeatRow[]): string[] {
  if (rows.length === 0) return [`beat tracking, ${label}: no tracks`];
  const lengths = [...new Set(rows.map((r) => Math.round(r.audioS)))];
  const length =
    lengths.length === 1
      ? ` of ${lengths[0]} s`
      : `, ${(rows.reduce((s, r) => s + r.audioS, 0) / 60).toFixed(0)} min of music`;
  const lines = [`beat tracking, ${label}: ${rows.length} tracks${length}`];
  lines.push(
    '  track                        kind          truth    est      F     CMLt  AMLt  level variants err ms  untappable',
  );
  for (const r of rows)
    lines.push(
      `  ${r.name.slice(0, 28).padEnd(28)} ${r.kind.padEnd(12)} ${r.truthBpm.toFixed(1).padStart(6)} ${r.bpm.toFixed(1).padStart(6)}  ${r.f.toFixed(3)} ${r.cmlt.toFixed(3)} ${r.amlt.toFixed(3)}  ${r.levelRight ? 'yes' : 'NO '}   ${r.amongVariants ? 'yes' : 'NO '}     ${(Number.isFinite(r.errorMs) ? r.errorMs.toFixed(1) : '-').padStart(5)}  ${r.untappable.join(', ')}`,
    );
  const audioS = rows.reduce((s, r) => s + r.audioS, 0);
  lines.push(
    `  SUMMARY ${label}: F ${mean(rows.map((r) => r.f)).toFixed(3)} | CMLt ${mean(rows.map((r) => r.cmlt)).toFixed(3)} | AMLt ${mean(rows.map((r) => r.amlt)).toFixed(3)} | tempo level right ${rows.filter((r) => r.levelRight).length}/${rows.length} | true tempo among variants ${rows.filter((r) => r.amongVariants).length}/${rows.length} | tracks offering an untappable tempo ${rows.filter((r) => r.untappable.length).length} | median signed error ${median(rows.map((r) => r.errorMs).filter(Number.isFinite)).toFixed(1)} ms | ${(audioS / rows.reduce((s, r) => s + r.cpuS, 0)).toFixed(0)}x real time`,
  );
  return lines;
}

/** Summary cell of one kind in one set: F, CMLt, AMLt, level right, true tempo among the variants. */
function describeCell(rows: BeatRow[]): string {
  if (rows.length === 0) return '-'.padEnd(38);
  const n = rows.length;
  return `${mean(rows.map((r) => r.f)).toFixed(2)} ${mean(rows.map((r) => r.cmlt)).toFixed(2)} ${mean(rows.map((r) => r.amlt)).toFixed(2)} ${`${rows.filter((r) => r.levelRight).length}/${n}`.padStart(5)} ${`${rows.filter((r) => r.amongVariants).length}/${n}`.padStart(5)}`.padEnd(
    38,
  );
}

/** The sets side by side, a row per kind of music (F ±70 ms after 5 s, CMLt, AMLt, level right, tempo among variants). */
function describeSideBySide(sets: Array<[string, BeatRow[]]>): string[] {
  const kinds = [...new Set(sets.flatMap(([, rows]) => rows.map((r) => r.kind)))];
  const order = ['swing', 'syncopation', 'sparse', 'ballad', 'straight'];
  kinds.sort((a, b) => (order.indexOf(a) + 1 || 99) - (order.indexOf(b) + 1 || 99));
  const lines = ['beat tracking per kind of music (each cell: F  CMLt  AMLt  level-right  tempo-among-variants)'];
  lines.push(`  ${'kind'.padEnd(13)} ${sets.map(([label]) => label.padEnd(38)).join(' ')}`);
  for (const kind of [...kinds, 'ALL'])
    lines.push(
      `  ${kind.padEnd(13)} ${sets.map(([, rows]) => describeCell(kind === 'ALL' ? rows : rows.filter((r) => r.kind === kind))).join(' ')}`,
    );
  const worst = sets.map(([label, rows]) => {
    const byKind = [...new Set(rows.map((r) => r.kind))].map(
      (k) => [k, mean(rows.filter((r) => r.kind === k).map((r) => r.f))] as const,
    );
    const [kind, f] = byKind.sort((a, b) => a[1] - b[1])[0];
    return `${label}: ${kind} ${f.toFixed(3)}`;
  });
  lines.push(`  worst kind by mean F: ${worst.join(' | ')}`);
  return lines;
}

/** Which packaged songs were left out and why, or why all were (not wanted, or their programs missing). */
function describePackagedLeftOut(packaged: { skipped: string[] } | null, wanted: boolean): string {
  if (!wanted) return 'packaged songs: skipped (BENCH_PACKAGED=0)';
  if (!packaged)
    return 'packaged songs: skipped, lmms and hydrogen are not installed (apt-get install -y lmms hydrogen)';
  return `  packaged songs left out: ${packaged.skipped.join(', ') || 'none'}`;
}

/** Where rendered packaged songs are kept between runs. */
const PACKAGED_CACHE_DIR = process.env.BENCH_PACKAGED_CACHE_DIR ?? join(tmpdir(), 'curator-packaged-songs');

/** One half of the in-house set, then the same half of the sampled set when its kits are installed, labelled. */
function inHouseAndSampled(half: EvaluationHalf): Array<[string, BeatRow[]]> {
  const inHouse: [string, BeatRow[]] = [half, evaluateHalf(half)];
  const sampled = evaluateSampled(half);
  return sampled ? [inHouse, [`sampled ${half}`, sampled]] : [inHouse];
}

/**
 * Beat tracking on the tuning half, the held-out half, the independent set and the packaged songs (when their
 * programs are installed), then side by side per kind.
 */
async function benchmarkBeats(lines: string[]): Promise<void> {
  const sets: Array<[string, BeatRow[]]> = [
    ...inHouseAndSampled('tuning'),
    ...inHouseAndSampled('held-out'),
    ['independent', evaluateIndependent()],
  ];
  const wanted = process.env.BENCH_PACKAGED !== '0';
  const packaged = wanted ? await evaluatePackaged(PACKAGED_CACHE_DIR) : null;
  if (packaged?.rows.length) sets.push(['packaged songs', packaged.rows]);
  for (const [label, rows] of sets) lines.push(...describeSet(label, rows));
  lines.push(describePackagedLeftOut(packaged, wanted), ...describeSideBySide(sets));
  // The same 30-s sets as the product gets catalog audio: through an MP3 file.
  // The tuning halves are also scored resampled by ffmpeg, with no codec between (the third entry).
  const viaMp3: Array<[string, Iterable<SetTrack>, boolean]> = [];
  for (const half of ['tuning', 'held-out'] as const) {
    const alsoResampled = half === 'tuning' && isFfmpegAvailable();
    viaMp3.push([half, generateHalf(half, 30), alsoResampled]);
    if (areSampledKitsInstalled()) viaMp3.push([`sampled ${half}`, generateSampled(half, 30), alsoResampled]);
  }
  viaMp3.push(['independent', generateIndependent(30), false]);
  await describeSetsThroughMp3(lines, viaMp3, (label) => sets.find(([l]) => l === label)?.[1] ?? []);
}

/**
 * Each set through MP3 (evaluateThroughMp3; also resampled where its third entry says so) beside its rows in memory
 * (`inMemoryOf` its label), then all of them side by side per kind.
 */
async function describeSetsThroughMp3(
  lines: string[],
  viaMp3: Array<[string, Iterable<SetTrack>, boolean]>,
  inMemoryOf: (label: string) => BeatRow[],
): Promise<void> {
  const mp3Sets: Array<[string, BeatRow[]]> = [];
  for (const [label, tracks, alsoResampled] of viaMp3) {
    const { rows, resampled } = await evaluateThroughMp3(tracks, alsoResampled);
    lines.push(...describeThroughMp3(label, inMemoryOf(label), rows, resampled));
    mp3Sets.push([`${label} via MP3`, rows]);
  }
  lines.push(...describeSideBySide(mp3Sets));
}

/**
 * A set's summary through MP3 beside its in-memory F, the tracks whose F the MP3 moved by more than 0.05, and the F of
 * its audio resampled by ffmpeg with no codec when scored.
 */
function describeThroughMp3(label: string, inMemory: BeatRow[], viaMp3: BeatRow[], resampled?: BeatRow[]): string[] {
  const [summary] = describeSet(`${label} via MP3`, viaMp3).slice(-1);
  const moved = viaMp3.flatMap((row, i) => {
    const before = inMemory[i];
    return before && Math.abs(before.f - row.f) > 0.05
      ? [
          `    ${row.name.padEnd(28)} ${row.kind.padEnd(12)} F ${before.f.toFixed(3)} in memory -> ${row.f.toFixed(3)} via MP3`,
        ]
      : [];
  });
  return [
    `${summary} (in memory: F ${mean(inMemory.map((r) => r.f)).toFixed(3)})`,
    `  tracks whose F the MP3 moved by more than 0.05: ${moved.length}`,
    ...moved,
    ...(resampled ? [`  resampled by ffmpeg, no codec: F ${mean(resampled.map((r) => r.f)).toFixed(3)}`] : []),
  ];
}

/**
 * Decoding plus beat tracking of two 3-minute stereo MP3s by each decoder (MP3_ROUTES; the product takes the first
 * installed), wall clock and on one core: a straight groove, which the beat network settles in its 4-s probe, and a slow
 * ballad of the tuning half, which it reads on past the probe (NETWORK_STEP_S).
 */
async function benchmarkMp3(lines: string[]): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'beat-mp3-bench-'));
  try {
    const ballad = buildEvaluationSet('tuning', 180).find((item) => item.name === 'ballad-65');
    if (!ballad) throw new Error('The tuning half has no ballad-65');
    const tracks: Array<[string, TrackSpec]> = [
      ['3-min MP3', { seed: 4242, durationS: 180, tempoBpm: 124 }],
      ['3-min ballad MP3', ballad.spec],
    ];
    for (const [name, spec] of tracks) {
      const track = synthesiseTrack(spec);
      const path = join(dir, 'long.mp3');
      writeFileSync(path, await encodeAudio(track.channels, track.sampleRateHz, 'mp3'));
      // One untimed run first, so the route timed first does not also pay for compiling the analysis.
      await trackFileBeats(path);
      for (const [label, paths, isInstalled] of MP3_ROUTES) {
        if (!isInstalled()) {
          lines.push(`${name} via ${label}: not installed`);
          continue;
        }
        for (let run = 0; run < 3; run++) {
          const [startCpuS, startChildCpuS] = [cpuS(), childCpuS()];
          const startMs = performance.now();
          const analysis = await trackFileBeats(path, paths);
          const totalMs = performance.now() - startMs;
          const ownMs = (cpuS() - startCpuS) * 1000;
          const endChildCpuS = childCpuS();
          // mpg123 or ffmpeg, a child process, decodes on the other core beside the analysis: on one core its CPU time
          // adds to this process's (the WASM decoders run in this process).
          const childMs =
            startChildCpuS !== null && endChildCpuS !== null ? (endChildCpuS - startChildCpuS) * 1000 : null;
          const oneCore =
            childMs === null
              ? ''
              : `, ${childMs > 0 ? `with child processes' ${childMs.toFixed(0)} ms CPU: ` : ''}${(180000 / (ownMs + childMs)).toFixed(0)}x real time on one core`;
          lines.push(
            `${name} via ${label}, run ${run + 1}: decoded and tracked in ${totalMs.toFixed(0)} ms = ${(180000 / totalMs).toFixed(0)}x real time wall clock; this process ${ownMs.toFixed(0)} ms CPU${oneCore} (F ${scoreBeatFMeasure(track.beatsS, analysis.beatsS).toFixed(3)})`,
          );
        }
      }
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Peaks and HPSS timings on a 3-minute stereo track, HPSS SDR on three 30-s mixtures. */
function benchmarkPeaksAndStems(lines: string[]): void {
  const long = synthesiseTrack({ seed: 99, durationS: 180, tempoBpm: 122 });
  let startMs = performance.now();
  computePeaks(long.channels, long.sampleRateHz);
  lines.push(`peaks (3 resolutions) for a 3-min stereo track: ${(performance.now() - startMs).toFixed(0)} ms`);
  startMs = performance.now();
  separateHarmonicPercussive(long.channels);
  lines.push(`HPSS for a 3-min stereo track: ${((performance.now() - startMs) / 1000).toFixed(1)} s`);
  const specs = [
    { seed: 11, tempoBpm: 120 },
    { seed: 12, tempoBpm: 97, drumGainDb: -6 },
    { seed: 13, tempoBpm: 140, pattern: 'four-on-floor' as const },
  ];
  const sdr = specs.map((spec) => {
    const track = synthesiseTrack({ ...spec, durationS: 30 });
    const stems = separateHarmonicPercussive(track.channels);
    return {
      percussive: computeSdrDb(track.stems.percussive, stems.percussive),
      harmonic: computeSdrDb(track.stems.harmonic, stems.harmonic),
      percussiveMix: computeSdrDb(track.stems.percussive, track.channels),
      harmonicMix: computeSdrDb(track.stems.harmonic, track.channels),
    };
  });
  for (const stem of ['percussive', 'harmonic'] as const) {
    const value = mean(sdr.map((s) => s[stem]));
    const improvement = value - mean(sdr.map((s) => s[`${stem}Mix`]));
    lines.push(
      `HPSS ${stem} SDR: ${value.toFixed(2)} dB (improvement over the mix ${improvement >= 0 ? '+' : ''}${improvement.toFixed(2)} dB; per track ${sdr.map((s) => s[stem].toFixed(1)).join(', ')})`,
    );
  }
}

/**
 * The seeds of BENCH_INDEPENDENT_SEEDS (comma-separated whole numbers): draws of the independent set besides the one
 * always reported, grooves of its recipes that no one has looked at, for a figure on music the tracker was never
 * adjusted to. Empty when unset; a malformed value is an error.
 */
function independentSeeds(): number[] {
  const text = process.env.BENCH_INDEPENDENT_SEEDS?.trim();
  if (!text) return [];
  return text.split(',').map((part) => {
    const seed = Number(part.trim());
    if (!Number.isSafeInteger(seed) || seed <= 0)
      throw new Error(`BENCH_INDEPENDENT_SEEDS: "${part.trim()}" is not a positive whole number`);
    return seed;
  });
}

/**
 * The independent set and each draw of BENCH_INDEPENDENT_SEEDS, in memory and through MP3, then side by side per kind
 * (BENCH_ANALYSIS_ONLY=independent).
 */
async function benchmarkIndependentDraws(lines: string[]): Promise<void> {
  // Keyed by label: a seed given twice, or the reported set's own, is drawn once.
  const draws = new Map(
    [INDEPENDENT_SET_SEED, ...independentSeeds()].map((seed) => [
      seed === INDEPENDENT_SET_SEED ? 'independent' : `independent draw ${seed}`,
      seed,
    ]),
  );
  const inMemory = [...draws].map(([label, seed]): [string, BeatRow[]] => [label, evaluateIndependent(30, seed)]);
  for (const [label, rows] of inMemory) lines.push(...describeSet(label, rows));
  lines.push(...describeSideBySide(inMemory));
  const viaMp3 = [...draws].map(([label, seed]): [string, Iterable<SetTrack>, boolean] => [
    label,
    generateIndependent(30, seed),
    false,
  ]);
  const rowsOf = new Map(inMemory);
  await describeSetsThroughMp3(lines, viaMp3, (label) => rowsOf.get(label) ?? []);
}

/**
 * The tuning halves beside the study draw of the same recipes and kits, in memory (BENCH_ANALYSIS_ONLY=study): all of it
 * tuning data, to see whether a rule chosen on the tuning half holds on grooves of its recipes it was not chosen on.
 */
function benchmarkStudyDraw(lines: string[]): void {
  const sets = [...inHouseAndSampled('tuning'), ...inHouseAndSampled('study')];
  for (const [label, rows] of sets) lines.push(...describeSet(label, rows));
  lines.push(...describeSideBySide(sets));
}

/** Runs every benchmark and returns the report lines. */
export async function runAnalysisBenchmark(): Promise<string[]> {
  const lines: string[] = [];
  const only = process.env.BENCH_ANALYSIS_ONLY;
  if (!only || only === 'beats') await benchmarkBeats(lines);
  if (only === 'independent') await benchmarkIndependentDraws(lines);
  else if (process.env.BENCH_INDEPENDENT_SEEDS)
    lines.push('BENCH_INDEPENDENT_SEEDS: the other draws are scored only with BENCH_ANALYSIS_ONLY=independent');
  if (only === 'study') benchmarkStudyDraw(lines);
  if (only === 'sampled')
    for (const half of ['tuning', 'held-out'] as const) {
      const rows = evaluateSampled(half);
      lines.push(
        ...(rows ? describeSet(`sampled ${half}`, rows) : ['sampled set: hydrogen-drumkits is not installed']),
      );
    }
  if (only === 'packaged') {
    const packaged = await evaluatePackaged(PACKAGED_CACHE_DIR);
    if (packaged) lines.push(...describeSet('packaged songs', packaged.rows));
    lines.push(describePackagedLeftOut(packaged, true));
  }
  if (!only || only === 'mp3') await benchmarkMp3(lines);
  if (only) return lines;
  benchmarkPeaksAndStems(lines);
  const outputDir = mkdtempSync(join(tmpdir(), 'catalog-bench-'));
  try {
    const startMs = performance.now();
    const files = await renderCatalogFiles(buildCatalogSpecs(), outputDir, 'mp3', 2);
    const audioS = files.reduce((s, f) => s + f.durationS, 0);
    lines.push(
      `demo catalog: ${files.length} mp3 files, ${audioS.toFixed(0)} s of audio, synthesised and encoded in ${((performance.now() - startMs) / 1000).toFixed(1)} s on 2 workers`,
    );
  } finally {
    rmSync(outputDir, { recursive: true, force: true });
  }
  return lines;
}
