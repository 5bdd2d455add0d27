import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { trackBeats } from '../dsp/beat-tracker';
import { decodeFile, isFfmpegAvailable } from '../dsp/decode-audio';
import { downmixToMono } from '../dsp/downmix';
import { encodeAudio } from '../dsp/encode-audio';
import { separateHarmonicPercussive } from '../dsp/hpss';
import { computePeaks } from '../dsp/peaks';
import { isTempoCorrect, measureMedianTimingErrorMs, scoreBeatFMeasure } from './eval/beat-f-measure';
import { computeSdrDb } from './eval/sdr';
import { buildCatalogSpecs, renderCatalogFiles } from './synth/catalog-audio';
import { buildEvaluationSet } from './synth/evaluation-set';
import { synthesiseTrack } from './synth/synthesise-track';

const mean = (values: number[]) => values.reduce((a, b) => a + b, 0) / values.length;
const median = (values: number[]) => [...values].sort((a, b) => a - b)[values.length >> 1];
const cpuS = () => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1e6;
};

/** Beat tracking over the full synthesised set: F-measure overall and per category, tempo accuracy, timing error, speed. */
function benchmarkBeats(lines: string[]): void {
  const rows = buildEvaluationSet(30).map((item) => {
    const track = synthesiseTrack(item.spec);
    const mono = downmixToMono(track.channels);
    const startCpuS = cpuS();
    const analysis = trackBeats(mono, track.sampleRateHz);
    return {
      item,
      track,
      analysis,
      cpuS: cpuS() - startCpuS,
      f: scoreBeatFMeasure(track.beatsS, analysis.beatsS),
      errorMs: measureMedianTimingErrorMs(track.beatsS, analysis.beatsS),
    };
  });
  lines.push(`beat tracking: ${rows.length} synthesised tracks of 30 s`);
  lines.push(`  mean F-measure (±70 ms, first 5 s ignored): ${mean(rows.map((r) => r.f)).toFixed(3)}`);
  for (const category of [...new Set(rows.map((r) => r.item.category))]) {
    const inCategory = rows.filter((r) => r.item.category === category);
    lines.push(
      `    ${category.padEnd(12)} F ${mean(inCategory.map((r) => r.f)).toFixed(3)}  (${inCategory.map((r) => `${r.item.name} ${r.f.toFixed(2)}`).join(', ')})`,
    );
  }
  const correct = rows.filter((r) => isTempoCorrect(r.track.tempoBpm, r.analysis.tempoBpm)).length;
  lines.push(`  tempo accuracy (±4 %): ${correct}/${rows.length}`);
  lines.push(
    `  median signed timing error: ${median(rows.map((r) => r.errorMs).filter(Number.isFinite)).toFixed(1)} ms`,
  );
  const audioS = rows.reduce((s, r) => s + r.track.durationS, 0);
  lines.push(
    `  analysis speed: ${(audioS / rows.reduce((s, r) => s + r.cpuS, 0)).toFixed(0)}x real time (seconds of audio per CPU second)`,
  );
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
 * What one autobeat job costs on a 3-minute MP3, decoding included (wall clock, one decode and one
 * tracker at a time): through ffmpeg when it is on the PATH, and through the WASM fallback.
 */
async function benchmarkMp3Autobeat(lines: string[]): Promise<void> {
  const track = synthesiseTrack({ seed: 77, durationS: 180, tempoBpm: 118 });
  const dir = mkdtempSync(join(tmpdir(), 'mp3-bench-'));
  try {
    const file = join(dir, 'track.mp3');
    writeFileSync(file, await encodeAudio(track.channels, track.sampleRateHz, 'mp3'));
    const decoders = isFfmpegAvailable() ? (['auto', 'wasm'] as const) : (['wasm'] as const);
    for (const decoder of decoders) {
      const times: number[] = [];
      let decodeMs = 0;
      for (let run = 0; run < 3; run++) {
        const startMs = performance.now();
        const audio = await decodeFile(file, { decoder });
        decodeMs = performance.now() - startMs;
        trackBeats(downmixToMono(audio.channels), audio.sampleRateHz);
        times.push(performance.now() - startMs);
      }
      const totalMs = median(times);
      lines.push(
        `autobeat of a 3-min MP3, ${decoder === 'auto' ? 'ffmpeg' : 'WASM'} decoding: ${(180_000 / totalMs).toFixed(0)}x real time (${totalMs.toFixed(0)} ms, decoding ${decodeMs.toFixed(0)} ms; median of 3)`,
      );
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Runs every benchmark and returns the report lines. */
export async function runAnalysisBenchmark(): Promise<string[]> {
  const lines: string[] = [];
  benchmarkBeats(lines);
  await benchmarkMp3Autobeat(lines);
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
