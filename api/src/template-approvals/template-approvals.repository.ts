import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import type { Model } from 'mongoose';

import { Template, TemplateRecord } from '../templates/template.schema';

export type TemplateApproval = Pick<TemplateRecord, 'approved' | 'approved_at' | 'approved_by'>;

/** Writes of a template's approval and the figures read across all templates. */
@Injectable()
export class TemplateApprovalsRepository {
  constructor(@InjectModel(Template.name) private readonly templates: Model<Template>) {}

  /** Sets the approval of the audio's template; null when the audio has no such template. */
  setApproval(
    musicCanonicalId: string,
    templateClipsMediaId: string,
    approval: TemplateApproval,
  ): Promise<TemplateRecord | null> {
    return this.templates
      .findOneAndUpdate(
        { template_clips_media_id: templateClipsMediaId, music_canonical_id: musicCanonicalId },
        { $set: approval, $inc: { approval_version: 1 } },
        { new: true },
      )
      .lean<TemplateRecord>()
      .exec();
  }

  findOne(templateClipsMediaId: string): Promise<TemplateRecord | null> {
    return this.templates.findOne({ template_clips_media_id: templateClipsMediaId }).lean<TemplateRecord>().exec();
  }

  /** Approved templates after `afterId` in id order, for rebuilding the approvals read model. */
  findApprovedPage(afterId: string | null, limit: number): Promise<TemplateRecord[]> {
    const filter = afterId ? { approved: true, template_clips_media_id: { $gt: afterId } } : { approved: true };
    return this.templates
      .find(filter)
      .sort({ template_clips_media_id: 1 })
      .limit(limit)
      .lean<TemplateRecord[]>()
      .exec();
  }

  async renameApprover(from: string, to: string): Promise<void> {
    await this.templates.updateMany({ approved_by: from }, { $set: { approved_by: to } }).exec();
  }
}
