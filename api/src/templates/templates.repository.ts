import { type ApprovalExclusions, excludedApprovals } from '@curator/shared/domain';
import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import type { AnyBulkWriteOperation, Model } from 'mongoose';

import { Template, TemplateRecord } from './template.schema';

export type TemplateListFilter = ApprovalExclusions & { musicCanonicalId: string; onlyStartedAtHighlight: boolean };

/** What the catalog counters need of a template. */
export type TemplateCounterRow = Pick<
  TemplateRecord,
  | 'template_clips_media_id'
  | 'music_canonical_id'
  | 'clips_count'
  | 'segments_count'
  | 'approved'
  | 'audio_asset_start_time_in_ms'
  | 'started_at_highlight'
  | 'created_at'
>;

const COUNTER_FIELDS = {
  _id: 0,
  template_clips_media_id: 1,
  music_canonical_id: 1,
  clips_count: 1,
  segments_count: 1,
  approved: 1,
  audio_asset_start_time_in_ms: 1,
  started_at_highlight: 1,
  created_at: 1,
} as const;

@Injectable()
export class TemplatesRepository {
  constructor(@InjectModel(Template.name) private readonly templates: Model<Template>) {}

  /** Templates of one audio in the order they were imported. */
  findForAudio(filter: TemplateListFilter): Promise<TemplateRecord[]> {
    const query: Record<string, unknown> = { music_canonical_id: filter.musicCanonicalId };
    if (filter.onlyStartedAtHighlight) query.started_at_highlight = true;
    const excluded = excludedApprovals(filter);
    if (excluded.length) query.approved = { $nin: excluded };
    return this.templates
      .find(query, { _id: 0 })
      .sort({ created_at: 1, template_clips_media_id: 1 })
      .lean<TemplateRecord[]>()
      .exec();
  }

  /** The approved templates of these audios. */
  findApprovedOfAudios(musicCanonicalIds: string[]): Promise<TemplateRecord[]> {
    return this.templates
      .find({ music_canonical_id: { $in: musicCanonicalIds }, approved: true }, { _id: 0 })
      .lean<TemplateRecord[]>()
      .exec();
  }

  findCounterRows(musicCanonicalIds: string[]): Promise<TemplateCounterRow[]> {
    return this.templates
      .find({ music_canonical_id: { $in: musicCanonicalIds } }, COUNTER_FIELDS)
      .lean<TemplateCounterRow[]>()
      .exec();
  }

  async setStartedAtHighlight(rows: Array<{ templateClipsMediaId: string; value: boolean }>): Promise<void> {
    if (rows.length === 0) return;
    const ops: AnyBulkWriteOperation<Template>[] = rows.map((r) => ({
      updateOne: {
        filter: { template_clips_media_id: r.templateClipsMediaId },
        update: { $set: { started_at_highlight: r.value } },
      },
    }));
    await this.templates.bulkWrite(ops, { ordered: false });
  }

  /** Inserts or updates templates by `template_clips_media_id`; approval state is kept on update. */
  async upsertMany(rows: Array<{ set: Partial<TemplateRecord>; onInsert: Partial<TemplateRecord> }>): Promise<void> {
    if (rows.length === 0) return;
    const ops: AnyBulkWriteOperation<Template>[] = rows.map(({ set, onInsert }) => ({
      updateOne: {
        filter: { template_clips_media_id: set.template_clips_media_id! },
        update: { $set: set, $setOnInsert: onInsert },
        upsert: true,
      },
    }));
    await this.templates.bulkWrite(ops, { ordered: false });
  }

  async insertMany(records: TemplateRecord[]): Promise<void> {
    await this.templates.insertMany(records, { ordered: false, lean: true });
  }

  /** music_canonical_id of existing templates among the given ids (for moved templates on re-import). */
  async findOwners(templateClipsMediaIds: string[]): Promise<Map<string, string>> {
    const rows = await this.templates
      .find(
        { template_clips_media_id: { $in: templateClipsMediaIds } },
        { _id: 0, template_clips_media_id: 1, music_canonical_id: 1 },
      )
      .lean<Array<Pick<TemplateRecord, 'template_clips_media_id' | 'music_canonical_id'>>>()
      .exec();
    return new Map(rows.map((r) => [r.template_clips_media_id, r.music_canonical_id]));
  }
}
