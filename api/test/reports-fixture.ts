import { getConnectionToken } from '@nestjs/mongoose';
import type { Connection } from 'mongoose';

import { CatalogCountersService } from '../src/audios/catalog-counters.service';
import { createSeededRandom } from './helpers/catalog-fixture';
import type { TestApp } from './helpers/test-app';

export const TRENDS = ['trending', 'hyper', 'emerging', null] as const;
export const DAY_MS = 86_400_000;
export const WINDOW_START = Date.UTC(2024, 4, 1);
/** Every audio's highlight times: a template started at one of them counts as started at a highlight. */
const HIGHLIGHTS_MS = [0, 5000];

export type ReportAudio = {
  music_canonical_id: string;
  audio_name: string;
  artist_name: string;
  reel_count: number;
  trendlist: string | null;
  tags: string[];
};
export type ReportTemplate = {
  template_clips_media_id: string;
  music_canonical_id: string;
  clips_count: number;
  segments_count: number;
  approved: boolean | null;
  started_at_highlight: boolean;
  audio_asset_start_time_in_ms: number | null;
  created_at: Date;
};
export type ReportReel = { code: string; music_canonical_id: string; taken_at: Date };
export type ReportCatalog = { audios: ReportAudio[]; templates: ReportTemplate[]; reels: ReportReel[] };

/**
 * A deterministic catalog whose figures agree with its records, as the catalog recount keeps
 * them: an audio's reel count is its number of reels, and a template started at a highlight
 * starts at one of the audio's highlight times.
 */
export function buildReportCatalog(audioCount: number, seed = 11): ReportCatalog {
  const r = createSeededRandom(seed);
  const catalog: ReportCatalog = { audios: [], templates: [], reels: [] };
  for (let i = 0; i < audioCount; i++) {
    const id = `r${String(i).padStart(4, '0')}`;
    catalog.audios.push({
      music_canonical_id: id,
      audio_name: `Song ${i}`,
      artist_name: `Artist ${i % 7}`,
      reel_count: r.int(0, 80),
      trendlist: r.pick(TRENDS),
      tags: r.next() < 0.3 ? ['Chill'] : [],
    });
    for (let k = 0, n = r.int(0, 5); k < n; k++) {
      const start = r.pick([0, 0, 0, 5000, 5000, 12_000, null] as const);
      catalog.templates.push({
        template_clips_media_id: `tc-${id}-${k}`,
        music_canonical_id: id,
        clips_count: r.int(1, 20),
        segments_count: r.int(1, 9),
        approved: r.pick([true, false, null, null] as const),
        started_at_highlight: start !== null && HIGHLIGHTS_MS.includes(start),
        audio_asset_start_time_in_ms: start,
        created_at: new Date(WINDOW_START + r.int(0, 40) * DAY_MS),
      });
    }
    for (let k = 0, n = catalog.audios[i].reel_count; k < n; k++) {
      catalog.reels.push({
        code: `${id}-reel-${k}`,
        music_canonical_id: id,
        taken_at: new Date(WINDOW_START + r.int(0, 60 * 24) * 3_600_000),
      });
    }
  }
  return catalog;
}

export function connectionOf(t: TestApp): Connection {
  return t.app.get<Connection>(getConnectionToken());
}

/**
 * Writes the records straight into the collections the catalog module owns (as an older database
 * or a direct import holds them), then lets the API recount the audios it finds uncounted.
 */
export async function insertReportCatalog(t: TestApp, catalog: ReportCatalog): Promise<void> {
  const db = connectionOf(t);
  const now = new Date();
  await db.collection<{ _id: string }>('audios').insertMany(
    catalog.audios.map((a) => ({
      ...a,
      _id: a.music_canonical_id,
      audio_id: `a-${a.music_canonical_id}`,
      search_key: `${a.audio_name}\n${a.artist_name}`.toLowerCase(),
      is_original_sound: false,
      tag_keys: a.tags.map((x) => x.toLowerCase()),
      highlight_start_times_in_ms: HIGHLIGHTS_MS,
      track_meta: { first_seen_at: now },
      created_at: now,
      updated_at: now,
    })),
  );
  if (catalog.templates.length) {
    await db.collection('templates').insertMany(
      catalog.templates.map((x) => ({
        ...x,
        code: `code-${x.template_clips_media_id}`,
        segments_info: [],
        segments_length_ms: 0,
        approved_at: null,
        approved_by: null,
      })),
    );
  }
  if (catalog.reels.length) await db.collection('reels').insertMany(catalog.reels.map((x) => ({ ...x })));
  await t.app.get(CatalogCountersService).recountUncounted();
}
