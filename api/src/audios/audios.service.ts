import { Injectable, NotFoundException } from '@nestjs/common';
import type { AudioDetail, AudioListPage, AudioListQuery } from '@curator/shared/contract';
import { PAGE_SIZE, deriveTagKey } from '@curator/shared/domain';
import { TagsService } from '../tags/tags.service';
import { buildAudioListFilter, buildAudioListSort } from './audio-list-filter';
import { toAudioDetail, toAudioListItem } from './audio-view';
import { AudiosRepository } from './audios.repository';

export const AUDIO_NOT_FOUND_MESSAGE = 'Audio not found';

/** +1 for each key only in `after`, −1 for each key only in `before`. */
export function diffTagKeys(before: readonly string[], after: readonly string[]): Map<string, number> {
  const deltas = new Map<string, number>();
  const b = new Set(before);
  const a = new Set(after);
  for (const k of a) if (!b.has(k)) deltas.set(k, 1);
  for (const k of b) if (!a.has(k)) deltas.set(k, -1);
  return deltas;
}

@Injectable()
export class AudiosService {
  constructor(
    private readonly audios: AudiosRepository,
    private readonly tags: TagsService,
  ) {}

  async list(query: AudioListQuery): Promise<AudioListPage> {
    const filter = buildAudioListFilter(query);
    const [rows, total] = await Promise.all([
      this.audios.findPageByFilters(filter, buildAudioListSort(query), query.skip, PAGE_SIZE),
      this.audios.countByFilters(filter),
    ]);
    const now = new Date();
    return { results: rows.map((r) => toAudioListItem(r, now)), total };
  }

  async detail(musicCanonicalId: string): Promise<AudioDetail> {
    const audio = await this.audios.findViewByMusicId(musicCanonicalId);
    if (!audio) throw new NotFoundException(AUDIO_NOT_FOUND_MESSAGE);
    return toAudioDetail(audio, new Date());
  }

  /**
   * Replaces the audio's tags, creating unknown tags. The update answers the keys the audio had
   * just before it (atomically), so used_count moves by exactly the difference even when several
   * people tag at once.
   */
  async taggify(musicCanonicalId: string, texts: string[]): Promise<{ tags: string[] }> {
    const tags = await this.tags.resolveSpellings(texts);
    const keys = tags.map(deriveTagKey);
    const before = await this.audios.replaceTags(musicCanonicalId, tags, keys);
    if (before === null) throw new NotFoundException(AUDIO_NOT_FOUND_MESSAGE);
    await this.tags.incrementUsedCounts(diffTagKeys(before, keys));
    return { tags };
  }

  /** DELETE /api/tags/{text}/: the tag record goes, and so does the tag on every audio. */
  async deleteTag(text: string): Promise<void> {
    const key = await this.tags.removeRecord(text);
    const spellings = await this.audios.findTagSpellings(key);
    await this.audios.removeTagFromAll(key, spellings);
  }

  /** Sets every tag's used_count from a full count over the audios (after imports and seeds). */
  async recountTagUsage(): Promise<void> {
    await this.tags.setAllUsedCounts(await this.audios.countAllTagUsage());
  }
}
