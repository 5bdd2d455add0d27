import type { AudioDetail, AudioListPage, AudioListQuery } from '@curator/shared/contract';
import { deriveTagKey, PAGE_SIZE } from '@curator/shared/domain';
import { Injectable, NotFoundException } from '@nestjs/common';
import { EventEmitter2, OnEvent } from '@nestjs/event-emitter';

import { TAG_DELETED, type TagDeleted } from '../tags/tag-events';
import { TagsService } from '../tags/tags.service';
import { AUDIO_TAGS_CHANGED, type AudioTagsChanged } from './audio-events';
import { buildAudioListFilter, buildAudioListSort, range } from './audio-list-filter';
import { toAudioDetail, toAudioListItem } from './audio-view';
import {
  AudiosRepository,
  type CatalogTotals,
  type SegmentSource,
  type StartTimeSource,
  sumCatalogFigures,
} from './audios.repository';

export const AUDIO_NOT_FOUND_MESSAGE = 'Audio not found';

@Injectable()
export class AudiosService {
  constructor(
    private readonly audios: AudiosRepository,
    private readonly tags: TagsService,
    private readonly events: EventEmitter2,
  ) {}

  /** Modules that copy an audio's tags (the approvals read model) follow before the answer. */
  private async notifyTagsChanged(change: AudioTagsChanged): Promise<void> {
    await this.events.emitAsync(AUDIO_TAGS_CHANGED, change);
  }

  /** POST /api/audio/{id}/eps/: the list arrives validated and normalised. */
  async saveEndingPoints(musicCanonicalId: string, eps: number[]): Promise<void> {
    if (!(await this.audios.setEndingPoints(musicCanonicalId, eps)))
      throw new NotFoundException(AUDIO_NOT_FOUND_MESSAGE);
  }

  async list(query: AudioListQuery): Promise<AudioListPage> {
    const filter = buildAudioListFilter(query);
    const sort = buildAudioListSort(query);
    const { rows, total } = await this.audios.list.page(filter, sort, query.skip, PAGE_SIZE);
    const now = new Date();
    return { results: rows.map((r) => toAudioListItem(r, now)), total };
  }

  /**
   * The reel count, trend list and counted templates of every audio in the reel-count range (at
   * least; the caller applies the range too): from the in-memory list where there is one.
   */
  async segmentSources(reelCount: { min?: number; max?: number }): Promise<Iterable<SegmentSource>> {
    return this.audios.list.matching({
      'counted_templates.0': { $exists: true },
      ...range('reel_count', reelCount.min, reelCount.max),
    });
  }

  /** The catalog's totals (audios, reels, templates by kind), from the audios' figures. */
  async catalogTotals(): Promise<CatalogTotals> {
    return sumCatalogFigures(await this.audios.list.matching({}));
  }

  /** Every audio's template start times: from the in-memory list where there is one. */
  async startTimeSources(): Promise<Iterable<StartTimeSource>> {
    return this.audios.list.matching({ 'start_times.0': { $exists: true } });
  }

  /** Loads the in-memory list ahead of the first request, where the list is kept in memory. */
  async warmList(): Promise<void> {
    await this.audios.list.warm();
  }

  async detail(musicCanonicalId: string): Promise<AudioDetail> {
    const audio = await this.audios.findViewByMusicId(musicCanonicalId);
    if (!audio) throw new NotFoundException(AUDIO_NOT_FOUND_MESSAGE);
    return toAudioDetail(audio, new Date());
  }

  /**
   * Replaces the audio's tags, creating unknown tags, and moves the used count of every tag it
   * gained or lost by one: the write answers the tags it replaced, atomically, so the counts stay
   * exact when several people tag at once.
   */
  async taggify(musicCanonicalId: string, texts: string[]): Promise<{ tags: string[] }> {
    const tags = await this.tags.resolveSpellings(texts);
    const keys = tags.map(deriveTagKey);
    const before = await this.audios.replaceTags(musicCanonicalId, tags, keys);
    if (before === null) throw new NotFoundException(AUDIO_NOT_FOUND_MESSAGE);
    await this.tags.moveUsedCounts(
      keys.filter((k) => !before.includes(k)),
      before.filter((k) => !keys.includes(k)),
    );
    await this.notifyTagsChanged({ musicCanonicalId, tagKeys: keys });
    return { tags };
  }

  /** A deleted tag leaves every audio. */
  @OnEvent(TAG_DELETED, { suppressErrors: false })
  async removeTag({ tagKey: key }: TagDeleted): Promise<void> {
    const spellings = await this.audios.findTagSpellings(key);
    await this.audios.removeTagFromAll(key, spellings);
    await this.notifyTagsChanged({ removedTagKey: key });
  }

  /** Sets every tag's used_count from a full count over the audios (after imports and seeds). */
  async recountTagUsage(): Promise<void> {
    await this.tags.setAllUsedCounts(await this.audios.countAllTagUsage());
  }
}
