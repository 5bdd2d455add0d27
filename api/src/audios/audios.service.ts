import type { AudioDetail, AudioListPage, AudioListQuery } from '@curator/shared/contract';
import {
  deriveTagKey,
  ENDING_POINT_AFTER_END_MESSAGE,
  ENDING_POINTS_CHANGED_MESSAGE,
  isPastEnd,
  PAGE_SIZE,
} from '@curator/shared/domain';
import { ConflictException, Injectable, NotFoundException } from '@nestjs/common';
import { OnEvent } from '@nestjs/event-emitter';

import { bodyFieldError } from '../common/api-errors';
import { RecentMap } from '../common/recent-map';
import { TAG_DELETED, type TagDeleted } from '../tags/tag-events';
import { TagsService } from '../tags/tags.service';
import { buildAudioListFilter, buildAudioListSort, range } from './audio-list-filter';
import { toAudioDetail, toAudioListItem } from './audio-view';
import {
  AudiosRepository,
  type AudioView,
  type CatalogTotals,
  type SegmentSource,
  type StartTimeSource,
  sumCatalogFigures,
} from './audios.repository';

export const AUDIO_NOT_FOUND_MESSAGE = 'Audio not found';

@Injectable()
export class AudiosService {
  /** The lock of an audio as last read from the database, where the list's copy had run out. */
  private readonly seenLocks = new RecentMap<string, { locked_by: string | null; until: number }>(10_000);

  constructor(
    private readonly audios: AudiosRepository,
    private readonly tags: TagsService,
  ) {}

  /**
   * POST /api/audio/{id}/eps/: the list arrives validated and normalised; a point past the audio's end (`durationS`,
   * when known) is refused with 422, and a list based on one the audio no longer holds with 409 (`basedOn`).
   */
  async saveEndingPoints(
    musicCanonicalId: string,
    eps: number[],
    durationS: number | null,
    basedOn?: number[],
  ): Promise<void> {
    if (eps.some((point) => isPastEnd(point, durationS)))
      throw bodyFieldError('ending_points', ENDING_POINT_AFTER_END_MESSAGE, 'value_error');
    const outcome = await this.audios.setEndingPoints(musicCanonicalId, eps, basedOn);
    if (outcome === 'missing') throw new NotFoundException(AUDIO_NOT_FOUND_MESSAGE);
    if (outcome === 'changed') throw new ConflictException({ detail: ENDING_POINTS_CHANGED_MESSAGE });
  }

  async list(query: AudioListQuery): Promise<AudioListPage> {
    const filter = buildAudioListFilter(query);
    const sort = buildAudioListSort(query);
    const { rows, total } = await this.audios.list.page(filter, sort, query.skip, PAGE_SIZE);
    const now = new Date(Date.now());
    return { results: (await this.withCurrentLocks(rows, now)).map((r) => toAudioListItem(r, now)), total };
  }

  /** 404 unless the audio exists (read from the list, in memory where it is kept there). */
  async assertExists(musicCanonicalId: string): Promise<void> {
    if (!(await this.audios.list.byIds([musicCanonicalId])).has(musicCanonicalId))
      throw new NotFoundException(AUDIO_NOT_FOUND_MESSAGE);
  }

  /** The audios carrying every one of these tag keys (the approvals page's tag filter). */
  async idsCarryingTags(tagKeys: string[]): Promise<string[]> {
    const rows = await this.audios.list.matching({ $and: tagKeys.map((key) => ({ tag_keys: key })) });
    return [...rows].map((r) => r.music_canonical_id);
  }

  /** The name and artist of these audios, by id (absent: no such audio). */
  async namesOf(ids: string[]): Promise<Map<string, { audio_name: string; artist_name: string }>> {
    const rows = await this.audios.list.byIds(ids);
    return new Map(
      [...rows.values()].map((r) => [r.music_canonical_id, { audio_name: r.audio_name, artist_name: r.artist_name }]),
    );
  }

  /**
   * The rows with their locks as they stand: a lock refresh moves only the expiry, which the list
   * does not follow, so a lock that ran out by the list's copy is read from the database (one
   * query for the page, and only for locks not read since they last ran out by what was read).
   */
  private async withCurrentLocks(rows: AudioView[], now: Date): Promise<AudioView[]> {
    const lapsed = (r: AudioView) => {
      if (!r.locked_by || !r.lock_expires_at || r.lock_expires_at.getTime() > now.getTime()) return null;
      const seen = this.seenLocks.get(r.music_canonical_id);
      if (!seen || seen.locked_by !== r.locked_by) return 'ask';
      return seen.until > now.getTime() ? 'live' : seen.until >= r.lock_expires_at.getTime() ? 'ran out' : 'ask';
    };
    const ask = rows.filter((r) => lapsed(r) === 'ask').map((r) => r.music_canonical_id);
    if (ask.length > 0) {
      for (const lock of await this.audios.findLocks(ask)) {
        this.seenLocks.set(lock.music_canonical_id, {
          locked_by: lock.locked_by ?? null,
          until: lock.lock_expires_at?.getTime() ?? 0,
        });
      }
    }
    return rows.map((r) => {
      const seen = lapsed(r) === 'live' ? this.seenLocks.get(r.music_canonical_id)! : null;
      return seen ? { ...r, lock_expires_at: new Date(seen.until) } : r;
    });
  }

  /**
   * `compute` over the reel count, trend list and counted templates of every audio in the reel-count
   * range (at least; `compute` applies the range too): from the in-memory list where there is one,
   * which keeps the answer under `name` and the range until an audio changes (ListQuery.summary).
   */
  segmentSummary<T>(
    name: string,
    reelCount: { min?: number; max?: number },
    compute: (sources: Iterable<SegmentSource>) => T,
  ): Promise<T> {
    const filter = { 'counted_templates.0': { $exists: true }, ...range('reel_count', reelCount.min, reelCount.max) };
    return this.audios.list.summary(name, filter, compute);
  }

  /** The catalog's totals (audios, reels, templates by kind), from the audios' figures; kept as segmentSummary keeps its answer. */
  catalogTotals(): Promise<CatalogTotals> {
    return this.audios.list.summary('catalog totals', {}, sumCatalogFigures);
  }

  /**
   * `compute` over every audio's template start times: from the in-memory list where there is one,
   * which keeps the answer under `name` until an audio changes (ListQuery.summary).
   */
  startTimeSummary<T>(name: string, compute: (sources: Iterable<StartTimeSource>) => T): Promise<T> {
    return this.audios.list.summary(name, { 'start_times.0': { $exists: true } }, compute);
  }

  /** Loads the in-memory list ahead of the first request, where the list is kept in memory. */
  async warmList(): Promise<void> {
    await this.audios.list.warm();
  }

  /** GET /api/audio/{id}/: read as the list reads its rows (in memory where it is kept there), lock included. */
  async detail(musicCanonicalId: string): Promise<AudioDetail> {
    const row = (await this.audios.list.byIds([musicCanonicalId])).get(musicCanonicalId);
    if (!row) throw new NotFoundException(AUDIO_NOT_FOUND_MESSAGE);
    const now = new Date(Date.now());
    const [audio] = await this.withCurrentLocks([row], now);
    return toAudioDetail(audio, now);
  }

  /**
   * Replaces the audio's tags, creating unknown tags, and moves the used count of every tag it
   * gained or lost by one: the write answers the tags it replaced, atomically, so the counts stay
   * exact when several people tag at once.
   */
  async taggify(musicCanonicalId: string, texts: string[]): Promise<{ tags: string[] }> {
    // Tags the call would create are made only for an audio that exists: a 404 leaves nothing behind.
    if (texts.length > 0 && (await this.audios.findExistingIds([musicCanonicalId])).length === 0)
      throw new NotFoundException(AUDIO_NOT_FOUND_MESSAGE);
    const { tags, records } = await this.tags.resolveForTagging(texts);
    const keys = tags.map(deriveTagKey);
    const before = await this.audios.replaceTags(musicCanonicalId, tags, keys);
    // A tag the audio held when its list was replaced was counted on a record made before now: one made after is a tag
    // deleted and made again since. (The time the call began was too early: another taggify may have made the record
    // and given the audio the tag in between, and the lost tag then stayed counted.)
    const replacedAt = new Date();
    if (before === null) throw new NotFoundException(AUDIO_NOT_FOUND_MESSAGE);
    const gained = keys.filter((k) => !before.includes(k));
    // A tag deleted meanwhile does not stay on the audio (TagsService.delete).
    const gone = new Set(await this.tags.findGone(new Map(gained.map((k) => [k, records.get(k)]))));
    const kept = tags.filter((t) => !gone.has(deriveTagKey(t)));
    if (gone.size > 0)
      await this.audios.removeTags(
        musicCanonicalId,
        [...gone],
        tags.filter((t) => gone.has(deriveTagKey(t))),
      );
    await this.tags.moveUsedCounts(
      new Map(gained.filter((k) => !gone.has(k)).map((k) => [k, records.get(k)!])),
      before.filter((k) => !keys.includes(k)),
      replacedAt,
    );
    return { tags: kept };
  }

  /** A deleted tag leaves every audio. */
  @OnEvent(TAG_DELETED, { suppressErrors: false })
  async removeTag({ tagKey: key }: TagDeleted): Promise<void> {
    const spellings = await this.audios.findTagSpellings(key);
    await this.audios.removeTagFromAll(key, spellings);
  }

  /** Sets every tag's used_count from a full count over the audios (after imports and seeds). */
  async recountTagUsage(): Promise<void> {
    await this.tags.setAllUsedCounts(await this.audios.countAllTagUsage());
  }
}
