import type { Template as TemplateWire, TemplateListQuery } from '@curator/shared/contract';
import { Injectable } from '@nestjs/common';

import type { TemplateRecord } from './template.schema';
import { TemplatesRepository } from './templates.repository';

/** Wire shape of GET /api/templates/ (the contract in shared/src/contract). */
export function toTemplateWire(t: TemplateRecord): TemplateWire {
  return {
    template_info: {
      template_clips_media_id: t.template_clips_media_id,
      segments_info: t.segments_info.map((s) => ({ duration_in_ms: s.duration_in_ms })),
    },
    template_entry: { clips_count: t.clips_count },
    template_meta: { approved: t.approved ?? null },
    audio_asset_start_time_in_ms: t.audio_asset_start_time_in_ms ?? null,
    code: t.code,
  };
}

@Injectable()
export class TemplatesService {
  constructor(private readonly templates: TemplatesRepository) {}

  async listForAudio(query: TemplateListQuery): Promise<TemplateWire[]> {
    const rows = await this.templates.findForAudio({
      musicCanonicalId: query.music_canonical_id,
      onlyStartedAtHighlight: query.exclude_not_started_at_highlight === true,
      excludeDisapproved: query.exclude_disapproved === true,
      excludeApproved: query.exclude_approved === true,
    });
    return rows.map(toTemplateWire);
  }
}
