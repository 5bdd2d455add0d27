import { deriveTagKey } from '@curator/shared/domain';
import { Injectable, Scope } from '@nestjs/common';

import { type AudioRecord, deriveSearchKey } from '../audios/audio.schema';
import { AudiosRepository } from '../audios/audios.repository';
import { AudiosService } from '../audios/audios.service';
import { CatalogCountersService } from '../audios/catalog-counters.service';
import { deriveMediaExtension, MediaStoreService } from '../media/media-store.service';
import { ReelsRepository } from '../reels/reels.repository';
import { TagsService } from '../tags/tags.service';
import { TemplatesRepository } from '../templates/templates.repository';
import {
  AudioImportRecord,
  AudioImportRecordSchema,
  ReelImportRecordSchema,
  TemplateImportRecord,
  TemplateImportRecordSchema,
} from './import-records';
import { LineResult, readJsonLines } from './jsonl-reader';
import { fetchMediaSource, sourceFileName } from './media-source';

export type ImportProblem = { file: string; line: number; message: string };
export type ImportFileReport = { file: string; imported: number; skipped: number };
export type ImportProgress = (event: { file: string; processed: number }) => void;
type Good<T> = { line: number; record: T };

const isGood = <T>(r: LineResult<T>): r is Good<T> => 'record' in r;

/**
 * `npm run import`: audios, then templates, then reels, from JSON Lines. Each batch is upserted
 * by natural key (so a re-run changes nothing), media are in the store before their audio is
 * written, and the counters of every audio touched are recomputed at the end. One instance per run.
 */
@Injectable({ scope: Scope.TRANSIENT })
export class CatalogImportService {
  readonly problems: ImportProblem[] = [];
  private readonly touched = new Set<string>();
  /** Per file, the line each key was first seen on (firstOfEachKey). */
  private readonly linesByKey = new Map<string, Map<string, number>>();

  constructor(
    private readonly audios: AudiosService,
    private readonly audioRecords: AudiosRepository,
    private readonly counters: CatalogCountersService,
    private readonly templates: TemplatesRepository,
    private readonly reels: ReelsRepository,
    private readonly tags: TagsService,
    private readonly media: MediaStoreService,
  ) {}

  private refuse(file: string, line: number, message: string): void {
    this.problems.push({ file, line, message });
  }

  /** Runs `handle` on the good lines of each batch; refused lines are recorded. */
  private async eachBatch<T>(
    file: string,
    batches: AsyncGenerator<Array<LineResult<T>>>,
    handle: (good: Good<T>[]) => Promise<number>,
    progress?: ImportProgress,
  ): Promise<ImportFileReport> {
    const report = { file, imported: 0, skipped: 0 };
    let processed = 0;
    for await (const batch of batches) {
      for (const r of batch) if (!isGood(r)) this.refuse(file, r.line, r.error);
      const good = batch.filter(isGood);
      const imported = await handle(good);
      report.imported += imported;
      report.skipped += batch.length - imported;
      processed += batch.length;
      progress?.({ file, processed });
    }
    return report;
  }

  /**
   * Keeps the first line of each key in a file; a later line with the same key is refused, naming the line that is
   * imported (two lines for one record would both count as imported, and the last would silently win).
   */
  private firstOfEachKey<T>(file: string, good: Good<T>[], keyOf: (record: T) => string, field: string): Good<T>[] {
    const seen = this.linesByKey.get(file) ?? new Map<string, number>();
    this.linesByKey.set(file, seen);
    return good.filter(({ line, record }) => {
      const key = keyOf(record);
      const first = seen.get(key);
      if (first === undefined) {
        seen.set(key, line);
        return true;
      }
      this.refuse(file, line, `${field}: ${key} is on line ${first} too; only that line is imported`);
      return false;
    });
  }

  async importAudios(file: string, mediaRoot: string, progress?: ImportProgress): Promise<ImportFileReport> {
    return this.eachBatch(
      file,
      readJsonLines(file, AudioImportRecordSchema, 200),
      async (lines) => {
        const good = this.firstOfEachKey(file, lines, (r) => r.music_canonical_id, 'music_canonical_id');
        const stored = await this.audioRecords.findImportState(
          good.map((g) => g.record.music_canonical_id),
          new Date(),
        );
        const rows: Array<{ set: Partial<AudioRecord>; onInsert: Partial<AudioRecord> }> = [];
        for (const { line, record } of good) {
          const before = stored.get(record.music_canonical_id);
          // Ending points are an editor's work (docs/rules.md, Audio lock): not written over while one holds the audio.
          if (record.eps && before?.lockedBy) {
            this.refuse(file, line, lockedMessage('eps', record.music_canonical_id, before.lockedBy));
            continue;
          }
          try {
            const row = await this.toAudioRow(record, mediaRoot);
            // Another file: the waveform peaks and the stems were the old file's. Cleared, the peaks are made again.
            if (before && before.mediaHash !== row.set.media_hash) {
              Object.assign(row.set, { peaks_url: null, stem_status: null, stem_tracks: [] });
              // One update may not name a field twice (the stored audio takes no insert values anyway).
              delete row.onInsert.stem_status;
              delete row.onInsert.stem_tracks;
            }
            rows.push(row);
          } catch (e) {
            this.refuse(file, line, (e as Error).message);
          }
        }
        await this.audioRecords.upsertMany(rows);
        for (const r of rows) this.touched.add(r.set.music_canonical_id!);
        return rows.length;
      },
      progress,
    );
  }

  private async storeMedia(
    source: string | null,
    mediaRoot: string,
  ): Promise<Pick<AudioRecord, 'media_url' | 'media_hash'>> {
    if (source === null) return { media_url: null, media_hash: null };
    const ext = deriveMediaExtension(sourceFileName(source));
    if (!ext) throw new Error(`media: unsupported file type (${source})`);
    const local = await fetchMediaSource(source, mediaRoot);
    try {
      const stored = await this.media.storeFile(local.path, ext);
      return { media_url: stored.url, media_hash: stored.hash };
    } finally {
      await local.cleanup();
    }
  }

  private async toAudioRow(
    r: AudioImportRecord,
    mediaRoot: string,
  ): Promise<{ set: Partial<AudioRecord>; onInsert: Partial<AudioRecord> }> {
    const media = await this.storeMedia(r.media, mediaRoot);
    const set: Partial<AudioRecord> = {
      music_canonical_id: r.music_canonical_id,
      audio_id: r.audio_id,
      audio_name: r.audio_name,
      artist_name: r.artist_name,
      search_key: deriveSearchKey(r.audio_name, r.artist_name),
      ...media,
      duration_ms: r.duration_ms,
      is_original_sound: r.is_original_sound,
      trendlist: r.trendlist,
      track_meta: { first_seen_at: r.first_seen_at },
      highlight_start_times_in_ms: [...new Set(r.highlight_start_times_in_ms)].sort((a, b) => a - b),
      updated_at: new Date(),
    };
    if (r.eps) set.eps = [...new Set(r.eps)].sort((a, b) => a - b);
    if (r.tags) {
      set.tags = await this.tags.resolveSpellings(r.tags);
      set.tag_keys = set.tags.map(deriveTagKey);
    }
    const onInsert: Partial<AudioRecord> = {
      created_at: new Date(),
      stem_status: null,
      stem_tracks: [],
      locked_by: null,
      lock_expires_at: null,
    };
    if (!r.eps) onInsert.eps = [];
    if (!r.tags) Object.assign(onInsert, { tags: [], tag_keys: [] });
    return { set, onInsert };
  }

  /**
   * Keeps the lines whose audio exists, and, with `approvalOf`, whose approval (when the line sets one) is not written
   * over an editor's lock; the others are refused.
   */
  private async withKnownAudio<T extends { music_canonical_id: string }>(
    file: string,
    good: Good<T>[],
    approvalOf?: (record: T) => boolean | null | undefined,
  ): Promise<Good<T>[]> {
    const stored = await this.audioRecords.findImportState(
      [...new Set(good.map((g) => g.record.music_canonical_id))],
      new Date(),
    );
    return good.filter((g) => {
      const id = g.record.music_canonical_id;
      const audio = stored.get(id);
      if (!audio) {
        this.refuse(file, g.line, `music_canonical_id: unknown audio ${id}`);
        return false;
      }
      if (approvalOf && approvalOf(g.record) !== undefined && audio.lockedBy) {
        this.refuse(file, g.line, lockedMessage('approved', id, audio.lockedBy));
        return false;
      }
      return true;
    });
  }

  async importTemplates(file: string, progress?: ImportProgress): Promise<ImportFileReport> {
    return this.eachBatch(
      file,
      readJsonLines(file, TemplateImportRecordSchema),
      async (lines) => {
        const good = this.firstOfEachKey(file, lines, (r) => r.template_clips_media_id, 'template_clips_media_id');
        const rows = await this.withKnownAudio(file, good, (r) => r.approved);
        const previous = await this.templates.findOwners(rows.map((g) => g.record.template_clips_media_id));
        await this.templates.upsertMany(
          rows.map((g) => toTemplateRow(g.record) as Parameters<TemplatesRepository['upsertMany']>[0][number]),
        );
        for (const g of rows) this.touched.add(g.record.music_canonical_id);
        for (const owner of previous.values()) this.touched.add(owner);
        return rows.length;
      },
      progress,
    );
  }

  async importReels(file: string, progress?: ImportProgress): Promise<ImportFileReport> {
    return this.eachBatch(
      file,
      readJsonLines(file, ReelImportRecordSchema),
      async (lines) => {
        const rows = await this.withKnownAudio(
          file,
          this.firstOfEachKey(file, lines, (r) => r.code, 'code'),
        );
        const previous = await this.reels.findOwners(rows.map((g) => g.record.code));
        await this.reels.upsertMany(rows.map((g) => g.record));
        for (const g of rows) this.touched.add(g.record.music_canonical_id);
        for (const owner of previous.values()) this.touched.add(owner);
        return rows.length;
      },
      progress,
    );
  }

  /** Recomputes the counters of every audio touched, and every tag's used count. */
  async finish(): Promise<number> {
    await this.counters.recount(this.touched);
    await this.audios.recountTagUsage();
    return this.touched.size;
  }
}

/** A line refused because an editor holds the audio's lock (a live one): it can be imported again once they are done. */
const lockedMessage = (field: string, musicCanonicalId: string, lockedBy: string) =>
  `${field}: audio ${musicCanonicalId} is being edited by ${lockedBy} (locked); import this line again once they are done`;

function toTemplateRow(r: TemplateImportRecord): { set: Record<string, unknown>; onInsert: Record<string, unknown> } {
  const set: Record<string, unknown> = {
    template_clips_media_id: r.template_clips_media_id,
    music_canonical_id: r.music_canonical_id,
    code: r.code,
    clips_count: r.clips_count,
    segments_info: r.segments_info,
    segments_count: r.segments_info.length,
    segments_length_ms: r.segments_info.reduce((sum, s) => sum + s.duration_in_ms, 0),
    audio_asset_start_time_in_ms: r.audio_asset_start_time_in_ms,
  };
  const onInsert: Record<string, unknown> = {
    created_at: new Date(),
    started_at_highlight: false,
    approved_at: null,
    approved_by: null,
  };
  if (r.approved === undefined) onInsert.approved = null;
  else set.approved = r.approved;
  return { set, onInsert };
}
