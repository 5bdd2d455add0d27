import { getModelToken } from '@nestjs/mongoose';
import type { Model } from 'mongoose';

import { Audio, AudioRecord, deriveSearchKey } from '../../src/audios/audio.schema';
import { AudiosRepository } from '../../src/audios/audios.repository';
import { AudiosService } from '../../src/audios/audios.service';
import { TagsService } from '../../src/tags/tags.service';
import type { TestApp } from './test-app';

/** Deterministic generator (mulberry32) so a failing case can be replayed. */
export function createSeededRandom(seed: number) {
  let s = seed >>> 0;
  const next = () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = Math.imul(s ^ (s >>> 15), s | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (lo: number, hi: number) => lo + Math.floor(next() * (hi - lo + 1));
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)];
  return { next, int, pick };
}

const NAMES = [
  'Night Drive',
  'Sunny (Remix)',
  'a.b*c',
  'Ocean [Live]',
  'Lo-Fi Study',
  'What?',
  'Blue+Green',
  'Échappée',
  'Money $$',
  'Back^Slash\\',
];
const ARTISTS = ['Nova', 'The Keys', 'DJ K.', 'Mila', 'Ñandú', 'Orbit|Pipe'];
export const FIXTURE_TAGS = ['bad', 'inside app', 'discovery app', 'Chill'];

/** A catalog of audio records with every list figure set directly (no counters involved). */
export function buildFixtureAudios(count: number, seed = 7): AudioRecord[] {
  const r = createSeededRandom(seed);
  const base = Date.UTC(2024, 0, 1);
  return Array.from({ length: count }, (_, i) => {
    const name = `${r.pick(NAMES)} ${i}`;
    const artist = r.pick(ARTISTS);
    const available = r.int(0, 6);
    const clips = [...new Set(Array.from({ length: available }, () => r.int(1, 20)))].sort((a, b) => a - b);
    const tags = FIXTURE_TAGS.filter(() => r.next() < 0.3);
    const approvedTemplates = r.int(0, 3);
    return {
      music_canonical_id: `m${String(i).padStart(4, '0')}`,
      audio_id: `a${i}`,
      audio_name: name,
      artist_name: artist,
      search_key: deriveSearchKey(name, artist),
      media_url: r.next() < 0.9 ? `/media/aa/${'a'.repeat(64)}.mp3` : null,
      media_hash: null,
      duration_ms: r.next() < 0.9 ? r.int(5_000, 120_000) : null,
      media_truth_path: null,
      is_original_sound: r.next() < 0.3,
      trendlist: r.pick(['trending', 'emerging', 'hyper', null, null]),
      track_meta: { first_seen_at: r.next() < 0.95 ? new Date(base + r.int(0, 365) * 86_400_000 + i * 1000) : null },
      growth: r.int(0, 9),
      reel_count: r.int(0, 60),
      template_count_available: available,
      available_clips_counts: clips,
      templates_approved_count: approvedTemplates,
      beats_done_count: 0,
      beat_and_template_approved: approvedTemplates,
      ep_template_count: r.int(0, 2),
      eps: r.next() < 0.4 ? [1.5, 7.25] : [],
      highlight_start_times_in_ms: [0, 15_000],
      stem_status: r.pick([null, null, 'ready', 'processing']),
      stem_tracks: [],
      locked_by: i % 7 === 0 ? 'mia' : null,
      lock_expires_at: i % 7 === 0 ? new Date(Date.now() + (i % 14 === 0 ? 60_000 : -60_000)) : null,
      tags,
      tag_keys: tags.map((t) => t.toLowerCase()),
      created_at: new Date(),
      updated_at: new Date(),
    };
  });
}

export function audioModel(t: TestApp): Model<Audio> {
  return t.app.get<Model<Audio>>(getModelToken(Audio.name));
}

/** Inserts audios as the import does: their tags get records, and every tag's used count is counted. */
export async function insertAudios(t: TestApp, audios: AudioRecord[]): Promise<void> {
  await t.app.get(AudiosRepository).insertMany(audios);
  await t.app.get(TagsService).resolveSpellings(audios.flatMap((a) => a.tags ?? []));
  await t.app.get(AudiosService).recountTagUsage();
}
