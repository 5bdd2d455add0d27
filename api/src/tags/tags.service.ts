import type { Tag } from '@curator/shared/contract';
import { canonicalTagText, deriveTagKey, normalizeTagList } from '@curator/shared/domain';
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
/**
 * How long a tag counts as being deleted: far longer than taking it off every audio takes. A deletion that died half
 * way leaves the tag as it was after this.
 */
const DELETION_MARK_MS = 60_000;

@Injectable()
export class TagsService {
  constructor(
    private readonly tags: TagsRepository,
    private readonly events: EventEmitter2,
  ) {}

  async list(): Promise<Tag[]> {
    return (await this.tags.listOrderedByText()).map(toTagWire);
  }

  /** POST /api/tags/: 409 when a tag with the same text (ignoring case, spaces within and invisible characters) exists. */
  async create(text: string): Promise<Tag> {
    const clean = canonicalTagText(text);
    if (!(await this.tags.insert(clean, deriveTagKey(clean)))) throw new ConflictException(TAG_EXISTS_MESSAGE);
    const [created] = await this.tags.findByKeys([deriveTagKey(clean)]);
    return toTagWire(created);
  }

  /**
   * Creates the unknown tags of a list and answers the list spelled as the tag records spell
   * them (so "Bad" and "bad" are one tag), without blanks or duplicates.
   */
  async resolveSpellings(texts: string[]): Promise<string[]> {
    return (await this.resolveForTagging(texts)).tags;
  }

  /** As resolveSpellings, with the record each tag resolved to (key → id), which taggify's counts move on. */
  async resolveForTagging(texts: string[]): Promise<{ tags: string[]; records: Map<string, string> }> {
    const clean = await this.spellNewTagsCanonically(normalizeTagList(texts));
    if (clean.length === 0) return { tags: [], records: new Map() };
    await this.tags.insertMissing(clean.map((text) => ({ text, textKey: deriveTagKey(text) })));
    const found = await this.tags.findSpellingsAndIds(clean.map(deriveTagKey));
    const records = new Map([...found].map(([key, { id }]) => [key, id]));
    return { tags: clean.map((text) => found.get(deriveTagKey(text))?.text ?? text), records };
  }

  /**
   * The list with each tag that is not on record as typed in its canonical spelling (canonicalTagText), which may be a
   * tag on record: 'summer  2024' typed is the 'summer 2024' the list shows, not a new tag that looks the same. A tag
   * on record as typed keeps its spelling. Reads the database only when a tag is not canonical already.
   */
  private async spellNewTagsCanonically(tags: string[]): Promise<string[]> {
    const odd = tags.filter((tag) => canonicalTagText(tag) !== tag);
    if (odd.length === 0) return tags;
    const onRecord = await this.tags.findSpellingsAndIds(odd.map(deriveTagKey));
    return normalizeTagList(tags.map((tag) => (onRecord.has(deriveTagKey(tag)) ? tag : canonicalTagText(tag))));
  }

  /**
   * Of the tags an audio just gained (key → the record it resolved to), those deleted since, or being deleted: the
   * audio must not keep them, as the deletion's sweep over the audios may have passed it already.
   */
  async findGone(gained: Map<string, string | undefined>): Promise<string[]> {
    const known = new Map([...gained].filter((entry): entry is [string, string] => entry[1] !== undefined));
    const unknown = [...gained.keys()].filter((key) => !known.has(key));
    return [...unknown, ...(await this.tags.findGone(known, new Date()))];
  }

  /**
   * One audio gained the tags `gained` (key → the record it resolved to) and lost `lost` (keys), in a write done by
   * `replacedAt`: their used counts move by one, on those records only (a lost tag's record made after the write is a
   * tag deleted and made again since, which never counted this audio).
   */
  async moveUsedCounts(gained: Map<string, string>, lost: string[], replacedAt: Date): Promise<void> {
    const deltas = [
      ...[...gained].map(([textKey, id]) => ({ textKey, n: 1, id })),
      ...lost.map((textKey) => ({ textKey, n: -1, bornBy: replacedAt })),
    ];
    if (deltas.length > 0) await this.tags.incrementUsedCounts(deltas);
  }

  /** Overwrites used counts from a full recount; tags absent from `counts` get 0. */
  async setAllUsedCounts(counts: Map<string, number>): Promise<void> {
    const keys = await this.tags.listKeys();
    await this.tags.setUsedCounts(new Map(keys.map((k) => [k, counts.get(k) ?? 0])));
  }

  /**
   * DELETE /api/tags/{text}/ (404 when there is none): the tag is marked as being deleted, leaves every audio, then its
   * record goes. While marked, a taggify that gives it to an audio takes it off again (findGone): the sweep over the
   * audios may have passed that audio already. Deleted first, the record came back with a taggify under way, counting
   * audios the sweep then took it from.
   */
  async delete(text: string): Promise<void> {
    const key = deriveTagKey(text);
    const now = new Date();
    const id = await this.tags.markDeleting(key, now, new Date(now.getTime() + DELETION_MARK_MS));
    if (!id) throw new NotFoundException(TAG_NOT_FOUND_MESSAGE);
    await this.events.emitAsync(TAG_DELETED, { tagKey: key } satisfies TagDeleted);
    await this.tags.deleteById(id);
  }
}
