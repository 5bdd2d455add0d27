import { deriveTagKey } from '@curator/shared/domain';

import { createRandom, type Random } from '../analysis/dev/synth/seeded-random';
import { type AudioRecord, deriveSearchKey } from '../audios/audio.schema';
import { computeAudioCounters } from '../audios/catalog-counters';
import type { ReelRecord } from '../reels/reel.schema';
import type { TemplateRecord } from '../templates/template.schema';
import type { DemoMedia } from './demo-media';
import { generateMusicName, generateOriginalSoundName, generateReelCode } from './demo-names';

const DAY_MS = 86_400_000;
const TEMPLATE_CAP_MS = 30_000;
/** Tags of the demo with the share of audios carrying each. */
export const DEMO_TAGS: Array<[string, number]> = [
  ['bad', 0.08],
  ['inside app', 0.1],
  ['discovery app', 0.1],
  ['chill', 0.05],
  ['workout', 0.05],
  ['needs review', 0.04],
  ['summer 2024', 0.03],
];

export type DemoChunk = { audios: AudioRecord[]; templates: TemplateRecord[]; reels: ReelRecord[] };
export type DemoOptions = { media: DemoMedia[]; seed: number; now: Date; withRelated: boolean };

const roundMs = (s: number) => Math.round(s * 1000);
const round2 = (s: number) => Math.round(s * 100) / 100;

/** Highlight times: a few beats into the track for music, the very start for original sounds. */
function pickHighlights(media: DemoMedia, random: Random): number[] {
  if (media.isOriginalSound || media.beatsS.length < 16) return random.next() < 0.5 ? [0] : [0, 5000];
  const usable = media.beatsS.filter((t) => t * 1000 < media.durationMs - 10_000);
  const picks = [8, 24, 40, 56].filter((i) => i < usable.length).slice(0, 1 + Math.floor(random.next() * 3));
  return picks.map((i) => roundMs(usable[i]));
}

/** Ending points (seconds) on beats in the second half, at least 0.5 s apart. */
function pickEndingPoints(media: DemoMedia, random: Random): number[] {
  if (random.next() > 0.35) return [];
  const grid = media.beatsS.length
    ? media.beatsS
    : Array.from({ length: Math.floor(media.durationMs / 1000) }, (_, i) => i);
  const half = grid.filter((t) => t * 1000 > media.durationMs / 2);
  const count = 1 + Math.floor(random.next() * 3);
  return [...new Set(Array.from({ length: count }, () => round2(random.pick(half.length ? half : grid))))].sort(
    (a, b) => a - b,
  );
}

/** Segment lengths on the beat grid from `startMs`, 2–12 of them, capped at 30 s in total. */
function buildSegments(media: DemoMedia, startMs: number, random: Random): number[] {
  const wanted = 2 + Math.floor(random.next() * 11);
  const step = 1 + Math.floor(random.next() * 4);
  const grid = media.beatsS.map(roundMs).filter((t) => t > startMs);
  const bounds = media.beatsS.length
    ? grid.filter((_, i) => i % step === step - 1)
    : Array.from({ length: wanted }, (_, i) => startMs + (i + 1) * (600 + Math.floor(random.next() * 2400)));
  const out: number[] = [];
  let previous = startMs;
  for (const b of bounds.slice(0, wanted)) {
    if (b - startMs > TEMPLATE_CAP_MS) break;
    out.push(b - previous);
    previous = b;
  }
  return out.length >= 2 ? out : [1000, 1500];
}

function buildTemplates(id: string, media: DemoMedia, highlights: number[], random: Random): TemplateRecord[] {
  const count = Math.floor(random.next() * (media.isOriginalSound ? 3 : 7));
  return Array.from({ length: count }, (_, k) => {
    const atHighlight = random.next() < 0.8;
    const start = atHighlight
      ? random.pick(highlights)
      : roundMs(random.pick(media.beatsS.length ? media.beatsS : [1.5, 3.25]));
    const segments = buildSegments(media, start, random);
    const decision = random.next();
    const approved = decision < 0.15 ? true : decision < 0.25 ? false : null;
    return {
      template_clips_media_id: `tc-${id}-${k + 1}`,
      music_canonical_id: id,
      code: generateReelCode(random),
      clips_count: 1 + Math.floor(random.next() * 20),
      segments_info: segments.map((d) => ({ duration_in_ms: d })),
      segments_count: segments.length,
      segments_length_ms: segments.reduce((a, b) => a + b, 0),
      audio_asset_start_time_in_ms: start,
      started_at_highlight: highlights.includes(start),
      approved,
      approved_at: approved === true ? new Date() : null,
      approved_by: approved === true ? 'admin' : null,
      created_at: new Date(),
    };
  });
}

/** 0–60 reels over the last 60 days, most audios with few and some with many. */
function buildReels(id: string, now: Date, random: Random): ReelRecord[] {
  const count = Math.floor(60 * random.next() ** 3);
  return Array.from({ length: count }, (_, k) => ({
    code: `${generateReelCode(random)}${k}`,
    music_canonical_id: id,
    taken_at: new Date(now.getTime() - Math.floor(random.next() * 60 * DAY_MS)),
  }));
}

function pickTrendList(random: Random): AudioRecord['trendlist'] {
  const r = random.next();
  return r < 0.15 ? 'trending' : r < 0.25 ? 'emerging' : r < 0.3 ? 'hyper' : null;
}

/** Counters drawn at random, for benchmark catalogs without templates and reels. */
function drawCounters(random: Random): Partial<AudioRecord> {
  const reel = Math.floor(500 * random.next() ** 3);
  const available = Math.floor(random.next() * 9);
  const clips = [...new Set(Array.from({ length: available }, () => 1 + Math.floor(random.next() * 20)))].sort(
    (a, b) => a - b,
  );
  const approved = Math.floor(random.next() * 4);
  return {
    reel_count: reel,
    growth: Math.floor(reel * random.next() * 0.3),
    template_count_available: available,
    available_clips_counts: clips,
    templates_approved_count: approved,
    beat_and_template_approved: approved,
    // Set, so the start-up recount (which would zero the drawn figures) leaves these audios alone.
    counted_templates: [],
    start_times: [],
  };
}

/** Audio `index` of the demo catalog (with its templates and reels when `withRelated`). */
export function generateDemoAudio(index: number, o: DemoOptions): DemoChunk {
  const random = createRandom(o.seed * 1_000_003 + index);
  const media = o.media[index % o.media.length];
  const id = String(7_000_000_000_000 + index);
  const { audioName, artistName } = media.isOriginalSound
    ? generateOriginalSoundName(random)
    : generateMusicName(random);
  const highlights = pickHighlights(media, random);
  const tags = DEMO_TAGS.filter(([, share]) => random.next() < share).map(([text]) => text);
  const templates = o.withRelated ? buildTemplates(id, media, highlights, random) : [];
  const reels = o.withRelated ? buildReels(id, o.now, random) : [];
  const counters = o.withRelated
    ? computeAudioCounters(
        { highlight_start_times_in_ms: highlights, beats_done_count: 0 },
        templates,
        reels.map((r) => r.taken_at),
        o.now,
      )
    : drawCounters(random);
  const audio: AudioRecord = {
    music_canonical_id: id,
    audio_id: String(3_100_000_000_000 + index),
    audio_name: audioName,
    artist_name: artistName,
    search_key: deriveSearchKey(audioName, artistName),
    media_url: media.url,
    media_hash: media.hash,
    duration_ms: media.durationMs,
    media_truth_path: media.truthPath,
    is_original_sound: media.isOriginalSound,
    trendlist: pickTrendList(random),
    track_meta: { first_seen_at: new Date(o.now.getTime() - Math.floor(random.next() * 365 * DAY_MS)) },
    growth: 0,
    reel_count: 0,
    template_count_available: 0,
    available_clips_counts: [],
    templates_approved_count: 0,
    beats_done_count: 0,
    beat_and_template_approved: 0,
    ep_template_count: 0,
    ...counters,
    eps: pickEndingPoints(media, random),
    highlight_start_times_in_ms: highlights,
    stem_status: null,
    stem_tracks: [],
    locked_by: null,
    lock_expires_at: null,
    tags,
    tag_keys: tags.map(deriveTagKey),
    created_at: o.now,
    updated_at: o.now,
  };
  return { audios: [audio], templates, reels };
}

/** Audios `start` … `start + count − 1` with their related records. */
export function generateDemoChunk(start: number, count: number, o: DemoOptions): DemoChunk {
  const chunk: DemoChunk = { audios: [], templates: [], reels: [] };
  for (let i = start; i < start + count; i++) {
    const one = generateDemoAudio(i, o);
    chunk.audios.push(...one.audios);
    chunk.templates.push(...one.templates);
    chunk.reels.push(...one.reels);
  }
  return chunk;
}
