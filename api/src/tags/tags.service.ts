import type { Tag } from '@curator/shared/contract';
import { deriveTagKey, normalizeTagList, normalizeTagText } from '@curator/shared/domain';
import { ConflictException, Injectable, NotFoundException } from '@nestjs/common';
import { EventEmitter2 } from '@nestjs/event-emitter';

import type { TagRecord } from './tag.schema';
import { TAG_DELETED, type TagDeleted } from './tag-events';
import { TagsRepository } from './tags.repository';

export const TAG_EXISTS_MESSAGE = 'Tag already exists';
export const TAG_NOT_FOUND_MESSAGE = 'Tag not found';

export function toTagWire(t: TagRecord): Tag {
  return {
    text: t.text,
    used_count: t.used_count,
    updated_at: t.count_updated_at ? t.count_updated_at.toISOString() : null,
    created_at: t.created_at.toISOString(),
  };
}

/** Tag records: their texts and used counts. Which audio carries which tag is the audios module's. */
@Injectable()
export class TagsService {
  constructor(
    private readonly tags: TagsRepository,
    private readonly events: EventEmitter2,
  ) {}

  async list(): Promise<Tag[]> {
    return (await this.tags.listOrderedByText()).map(toTagWire);
  }

  /** POST /api/tags/: 409 when a tag with the same text (ignoring case) exists. */
  async create(text: string): Promise<Tag> {
    const clean = normalizeTagText(text);
    if (!(await this.tags.insert(clean, deriveTagKey(clean)))) throw new ConflictException(TAG_EXISTS_MESSAGE);
    const [created] = await this.tags.findByKeys([deriveTagKey(clean)]);
    return toTagWire(created);
  }

  /**
   * Creates the unknown tags of a list and answers the list spelled as the tag records spell
   * them (so "Bad" and "bad" are one tag), without blanks or duplicates.
   */
  async resolveSpellings(texts: string[]): Promise<string[]> {
    const clean = normalizeTagList(texts);
    if (clean.length === 0) return [];
    await this.tags.insertMissing(clean.map((text) => ({ text, textKey: deriveTagKey(text) })));
    const known = new Map((await this.tags.findByKeys(clean.map(deriveTagKey))).map((t) => [t.text_key, t.text]));
    return clean.map((text) => known.get(deriveTagKey(text)) ?? text);
  }

  /** One audio gained the tags `gained` and lost `lost` (keys): their used counts move by one. */
  async moveUsedCounts(gained: string[], lost: string[]): Promise<void> {
    const deltas = new Map<string, number>([
      ...gained.map((k) => [k, 1] as const),
      ...lost.map((k) => [k, -1] as const),
    ]);
    if (deltas.size > 0) await this.tags.incrementUsedCounts(deltas);
  }

  /** Overwrites used counts from a full recount; tags absent from `counts` get 0. */
  async setAllUsedCounts(counts: Map<string, number>): Promise<void> {
    const keys = await this.tags.listKeys();
    await this.tags.setUsedCounts(new Map(keys.map((k) => [k, counts.get(k) ?? 0])));
  }

  /** DELETE /api/tags/{text}/: the tag record goes (404 when there is none), then the tag leaves every audio. */
  async delete(text: string): Promise<void> {
    const key = deriveTagKey(text);
    if (!(await this.tags.deleteByKey(key))) throw new NotFoundException(TAG_NOT_FOUND_MESSAGE);
    await this.events.emitAsync(TAG_DELETED, { tagKey: key } satisfies TagDeleted);
  }
}
