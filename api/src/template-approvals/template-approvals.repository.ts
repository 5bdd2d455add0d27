import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import type { Model } from 'mongoose';

import { ListQueries, type ListQuery } from '../persistence/list-query';
import { Template, TemplateRecord } from '../templates/template.schema';

export type TemplateApproval = Pick<TemplateRecord, 'approved' | 'approved_at' | 'approved_by'>;

/** What the approvals page reads of an approved template. */
const APPROVED_ROW_FIELDS = {
  _id: 1,
  template_clips_media_id: 1,
  music_canonical_id: 1,
  approved_at: 1,
  approved_by: 1,
  segments_count: 1,
  segments_length_ms: 1,
} as const;
export type ApprovedTemplateRow = Pick<TemplateRecord, Exclude<keyof typeof APPROVED_ROW_FIELDS, '_id'>>;
/** Change feed entries name a template by its document `_id`. */
type ApprovedTemplateDoc = ApprovedTemplateRow & { _id: unknown };

/** Writes of a template's approval, and the approved templates. */
@Injectable()
export class TemplateApprovalsRepository {
  /** The approved templates (the approvals page). */
  readonly approvedList: ListQuery<ApprovedTemplateDoc>;

  constructor(
    @InjectModel(Template.name) private readonly templates: Model<Template>,
    lists: ListQueries,
  ) {
    this.approvedList = lists.of<ApprovedTemplateDoc>(templates, { fields: APPROVED_ROW_FIELDS, idField: '_id' });
  }

  /** Sets the approval of the audio's template; null when the audio has no such template. */
  setApproval(
    musicCanonicalId: string,
    templateClipsMediaId: string,
    approval: TemplateApproval,
  ): Promise<TemplateRecord | null> {
    return this.templates
      .findOneAndUpdate(
        { template_clips_media_id: templateClipsMediaId, music_canonical_id: musicCanonicalId },
        { $set: approval },
        { new: true },
      )
      .lean<TemplateRecord>()
      .exec();
  }

  findOne(templateClipsMediaId: string): Promise<TemplateRecord | null> {
    return this.templates.findOne({ template_clips_media_id: templateClipsMediaId }).lean<TemplateRecord>().exec();
  }

  async renameApprover(from: string, to: string): Promise<void> {
    await this.templates.updateMany({ approved_by: from }, { $set: { approved_by: to } }).exec();
  }
}
