import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { getConnectionToken } from '@nestjs/mongoose';
import type { Connection } from 'mongoose';
import request from 'supertest';

import { AnalysisService, NO_MEDIA_MESSAGE } from '../src/analysis/analysis.service';
import { scoreBeatFMeasure } from '../src/analysis/dev/eval/beat-f-measure';
import { decodeFile } from '../src/analysis/dsp/decode-audio';
import { computePeaks, convertToWavesurferPeaks } from '../src/analysis/dsp/peaks';
import { encodeWav } from '../src/analysis/dsp/wav-format';
import { JobsService } from '../src/analysis/jobs/jobs.service';
import { MediaStoreService } from '../src/media/media-store.service';
import { insertAudio, startWorker, type StoredTrack, storeSynthesisedTrack, waitFor } from './helpers/analysis-fixture';
import { createTestApp, TestApp } from './helpers/test-app';

const HIGHLIGHT_MS = 8000;

describe('analysis endpoints with a worker (autobeat, peaks, stems)', () => {
  let t: TestApp;
  let track: StoredTrack;
  let worker: Awaited<ReturnType<typeof startWorker>> | null = null;
  const mediaDir = mkdtempSync(join(tmpdir(), 'curator-analysis-media-'));
  const jobCount = async () => Object.values(await t.app.get(JobsService).countByStatus()).reduce((a, b) => a + b, 0);

  beforeAll(async () => {
    t = await createTestApp({ env: { MEDIA_DIR: mediaDir, ANALYSIS_RETRY_DELAY_MS: '0' } });
    await t.loginAs('mia');
    track = await storeSynthesisedTrack(t, { seed: 41, durationS: 30, tempoBpm: 112, pattern: 'backbeat' });
    await insertAudio(t, 'music1', track, { highlightsMs: [HIGHLIGHT_MS, 20_000] });
    await insertAudio(t, 'original1', track, { isOriginalSound: true, highlightsMs: [HIGHLIGHT_MS] });
    await insertAudio(t, 'silent1', null);
  });
  afterAll(async () => {
    await worker?.close();
    await t.close();
    rmSync(mediaDir, { recursive: true, force: true });
  });

  it('answers 404 for an unknown audio, 409 for one without media, 401 without a session', async () => {
    await t.agent.post('/api/autobeat/nope/').set('X-CSRFToken', t.csrf()).expect(404);
    const res = await t.agent.post('/api/autobeat/silent1/').set('X-CSRFToken', t.csrf()).expect(409);
    expect(res.body).toEqual({ detail: NO_MEDIA_MESSAGE });
    await t.agent.post('/api/audio/silent1/stem/').set('X-CSRFToken', t.csrf()).expect(409);
    await request(t.app.getHttpServer()).get('/api/audio/music1/stem/').expect(401);
  });

  it('shows stem_status requested until a worker takes the job', async () => {
    const posted = await t.agent.post('/api/audio/music1/stem/').set('X-CSRFToken', t.csrf()).expect(200);
    expect(posted.body).toEqual({ stem_status: 'requested', stem_tracks: [] });
    expect((await t.agent.get('/api/audio/music1/stem/').expect(200)).body).toEqual({
      stem_status: 'requested',
      stem_tracks: [],
    });
  });

  it('moves stems through processing to ready with playable tracks and their peaks', async () => {
    worker = await startWorker(t.config);
    const seen = new Set<string>();
    const final = await waitFor(
      async () =>
        (await t.agent.get('/api/audio/music1/stem/').expect(200)).body as {
          stem_status: string;
          stem_tracks: Array<{ type: string; url: string; peaks_url: string }>;
        },
      (body) => {
        seen.add(body.stem_status);
        return body.stem_status === 'ready' || body.stem_status.startsWith('failed');
      },
      45_000,
      40,
    );
    expect(final.stem_status).toBe('ready');
    expect(seen).toContain('processing');
    expect(final.stem_tracks.map((s) => s.type).sort()).toEqual(['harmonic', 'percussive']);
    for (const stem of final.stem_tracks) {
      const whole = await t.agent.get(stem.url).buffer(true).expect(200);
      expect(whole.headers['content-type']).toMatch(/^audio\/ogg/);
      await t.agent.get(stem.url).set('Range', 'bytes=0-999').expect(206);
      expect((await t.agent.get(stem.peaks_url).expect(200)).body.peaks).toHaveLength(2);
    }
    const detail = await t.agent.get('/api/audio/music1/').expect(200);
    expect(detail.body.stem_tracks).toEqual(final.stem_tracks);
    // Another audio of the same media is ready at once: the stems are cached by content hash.
    const other = await t.agent.post('/api/audio/original1/stem/').set('X-CSRFToken', t.csrf()).expect(200);
    expect(other.body).toEqual({ stem_status: 'ready', stem_tracks: final.stem_tracks });
  });

  it('finds the synthesised beats through POST /api/autobeat/ and drops music offsets up to the first highlight', async () => {
    const started = Date.now();
    const res = await t.agent.post('/api/autobeat/music1/').set('X-CSRFToken', t.csrf()).expect(200);
    const latencyMs = Date.now() - started;
    const { offsets, tempo_bpm, tempo_alternatives_bpm } = res.body as {
      offsets: number[];
      tempo_bpm: number;
      tempo_alternatives_bpm: number[];
    };
    expect(offsets.length).toBeGreaterThan(20);
    expect(offsets).toEqual([...offsets].sort((a, b) => a - b));
    expect(offsets.every((o) => Math.round(o * 100) / 100 === o && o * 1000 > HIGHLIGHT_MS)).toBe(true);
    const truthAfterHighlight = track.beatsS.filter((b) => b * 1000 > HIGHLIGHT_MS);
    expect(scoreBeatFMeasure(truthAfterHighlight, offsets)).toBeGreaterThanOrEqual(0.9);
    expect(Math.abs(tempo_bpm - 112)).toBeLessThan(112 * 0.04);
    // The other tappable levels (40–220 BPM): ×0.5, ×2/3 and ×3/2 of 112; ×2 = 224 is too fast to tap.
    expect(tempo_alternatives_bpm.some((b) => Math.abs(b - 56) < 56 * 0.04)).toBe(true);
    expect(tempo_alternatives_bpm.every((b) => b >= 40 && b <= 220)).toBe(true);
    console.log(`autobeat of a ${track.durationS} s track through the worker: ${latencyMs} ms`);
  });

  it('answers the same media again from the cache: all beats for an original sound, no new job', async () => {
    const before = await jobCount();
    const started = Date.now();
    const res = await t.agent.post('/api/autobeat/original1/').set('X-CSRFToken', t.csrf()).expect(200);
    expect(Date.now() - started).toBeLessThan(1000);
    expect(await jobCount()).toBe(before);
    expect(res.body.offsets[0]).toBeLessThan(HIGHLIGHT_MS / 1000);
    expect(scoreBeatFMeasure(track.beatsS, res.body.offsets)).toBeGreaterThanOrEqual(0.9);
  });

  it('computes peaks for media lacking them and serves them with the audio, equal to a direct computation', async () => {
    expect(await t.app.get(AnalysisService).enqueueMissingPeaks()).toBe(1);
    const detail = await waitFor(
      async () => (await t.agent.get('/api/audio/music1/').expect(200)).body,
      (b) => b.peaks_url !== null,
      20_000,
    );
    expect(detail.duration_s).toBeCloseTo(track.durationS, 1);
    const list = await t.agent.get('/api/audio/').expect(200);
    expect(list.body.results.find((r: { id: string }) => r.id === 'original1').peaks_url).toBe(detail.peaks_url);
    const file = (await t.agent.get(detail.peaks_url).expect(200)).body;
    // The worker kept a brotli copy, which a browser gets.
    const compressed = await t.agent.get(detail.peaks_url).set('Accept-Encoding', 'br').expect(200);
    expect(compressed.headers['content-encoding']).toBe('br');
    expect(compressed.body).toEqual(file);
    const decoded = await decodeFile(t.app.get(MediaStoreService).resolve(track.url.replace('/media/', ''))!);
    const direct = computePeaks(decoded.channels, decoded.sampleRateHz, [256, 1024, 4096]);
    expect(file.levels.map((l: { peaks: number[][] }) => l.peaks)).toEqual(direct.levels.map(convertToWavesurferPeaks));
    expect(file.samples_per_pixel).toBe(256);
    expect(file.duration_s).toBeCloseTo(direct.durationS, 3);
    expect(file.sample_rate_hz).toBe(decoded.sampleRateHz);
  });

  it('fails a file that is not audio at its first attempt, saying what is wrong and not where it is stored', async () => {
    const store = t.app.get(MediaStoreService);
    const garbage = await store.storeBuffer(
      Buffer.from(Array.from({ length: 5000 }, (_, i) => (i * 7919) % 251)),
      'mp3',
    );
    // A WAV header with a sample rate of 0 Hz: the samples' count divided by it made the worker die (out of memory).
    const zeroRate = Buffer.from(encodeWav([new Float32Array(500)], 8000));
    zeroRate.writeUInt32LE(0, 24);
    const zero = await store.storeBuffer(zeroRate, 'wav');
    await insertAudio(t, 'garbage1', garbage);
    await insertAudio(t, 'zerorate1', zero);
    const started = Date.now();
    const refused = await t.agent.post('/api/autobeat/garbage1/').set('X-CSRFToken', t.csrf()).expect(422);
    expect(refused.body).toEqual({
      detail: 'Beat analysis failed: Unrecognised audio format: not MP3, M4A/AAC, WAV, Ogg or FLAC',
    });
    const zeroRefused = await t.agent.post('/api/autobeat/zerorate1/').set('X-CSRFToken', t.csrf()).expect(422);
    expect(zeroRefused.body.detail).toMatch(
      /^Beat analysis failed: (The file gives a sample rate of 0 Hz|Cannot decode wav)/,
    );
    expect(zeroRefused.body.detail).not.toContain(mediaDir);
    // One attempt each: no back-off and no second decode of a file that will never be audio.
    const jobs = t.app.get<Connection>(getConnectionToken()).collection('analysis_jobs');
    for (const hash of [garbage.hash, zero.hash])
      expect(await jobs.findOne({ media_hash: hash, kind: 'autobeat' })).toMatchObject({
        status: 'failed',
        attempts: 1,
      });
    console.log(`two undecodable files refused in ${Date.now() - started} ms`);
    // The worker is alive: it still answers a real track.
    await t.agent.post('/api/autobeat/music1/').set('X-CSRFToken', t.csrf()).expect(200);
  });
});
