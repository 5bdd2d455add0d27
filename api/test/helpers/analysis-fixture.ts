import { Test, type TestingModule } from '@nestjs/testing';

import { synthesiseTrack, type TrackSpec } from '../../src/analysis/dev/synth/synthesise-track';
import { encodeAudio } from '../../src/analysis/dsp/encode-audio';
import { AnalysisWorker, type WorkerOptions } from '../../src/analysis/worker/analysis-worker';
import { WorkerAppModule } from '../../src/analysis/worker/worker-app.module';
import { type AudioRecord, deriveSearchKey } from '../../src/audios/audio.schema';
import { APP_CONFIG } from '../../src/config/config.module';
import type { AppConfig } from '../../src/config/env.schema';
import { MediaStoreService } from '../../src/media/media-store.service';
import { audioModel } from './catalog-fixture';
import type { TestApp } from './test-app';

export type StoredTrack = { url: string; hash: string; beatsS: number[]; durationS: number };

/** Synthesises a track with known beats, encodes it as MP3 and puts it in the app's media store. */
export async function storeSynthesisedTrack(t: TestApp, spec: TrackSpec): Promise<StoredTrack> {
  const track = synthesiseTrack(spec);
  const bytes = await encodeAudio(track.channels, track.sampleRateHz, 'mp3');
  const stored = await t.app.get(MediaStoreService).storeBuffer(bytes, 'mp3');
  return { url: stored.url, hash: stored.hash, beatsS: track.beatsS, durationS: track.durationS };
}

/** Inserts one audio record with the given media (or none) and highlights. */
export async function insertAudio(
  t: TestApp,
  id: string,
  media: Pick<StoredTrack, 'url' | 'hash'> | null,
  options: { isOriginalSound?: boolean; highlightsMs?: number[] } = {},
): Promise<void> {
  const name = `Track ${id}`;
  const record: Partial<AudioRecord> = {
    music_canonical_id: id,
    audio_id: `a-${id}`,
    audio_name: name,
    artist_name: 'Synth',
    search_key: deriveSearchKey(name, 'Synth'),
    media_url: media?.url ?? null,
    media_hash: media?.hash ?? null,
    duration_ms: null,
    is_original_sound: options.isOriginalSound ?? false,
    highlight_start_times_in_ms: options.highlightsMs ?? [],
  };
  // Through the model, for its defaults; these tests never read the audio list.
  await audioModel(t).create(record);
}

/** A worker (Nest context without HTTP) on the test app's database and media store, in this process. */
export async function startWorker(
  config: AppConfig,
  options: WorkerOptions = {},
): Promise<{ worker: AnalysisWorker; close: () => Promise<void> }> {
  const moduleRef: TestingModule = await Test.createTestingModule({ imports: [WorkerAppModule] })
    .overrideProvider(APP_CONFIG)
    .useValue(config)
    .compile();
  await moduleRef.init();
  const worker = moduleRef.get(AnalysisWorker);
  worker.start({ idlePollMs: 50, peaksSweepMs: 0, ...options });
  return {
    worker,
    close: async () => {
      await worker.stop();
      await moduleRef.close();
    },
  };
}

/** Polls `read` every `intervalMs` until `isDone` holds; throws after `timeoutMs`. */
export async function waitFor<T>(
  read: () => Promise<T>,
  isDone: (value: T) => boolean,
  timeoutMs = 30_000,
  intervalMs = 50,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (isDone(value)) return value;
    if (Date.now() > deadline) throw new Error(`Timed out waiting; last value: ${JSON.stringify(value)}`);
    await new Promise((r) => setTimeout(r, intervalMs));
  }
}
