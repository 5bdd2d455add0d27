import type { TemplateApproval, TemplateCount, TemplatesFromReels } from '@curator/shared/contract';
import { sumApprovals } from '@curator/shared/domain';
import { Injectable, NotFoundException } from '@nestjs/common';
import { OnEvent } from '@nestjs/event-emitter';

import { AudiosService } from '../audios/audios.service';
import { BeatsRepository } from '../beats/beats.repository';
import { AudioEditsService } from '../locks/audio-edits.service';
import type { TemplateRecord } from '../templates/template.schema';
import { USER_RENAMED, type UserRenamed } from '../users/user-events';
import { TemplateApprovalsRepository } from './template-approvals.repository';

export const TEMPLATE_NOT_FOUND_MESSAGE = 'Template not found';

@Injectable()
export class TemplateApprovalsService {
  constructor(
    private readonly templates: TemplateApprovalsRepository,
    private readonly edits: AudioEditsService,
    private readonly beats: BeatsRepository,
    private readonly audios: AudiosService,
  ) {}

  @OnEvent(USER_RENAMED, { suppressErrors: false })
  async renameApprover({ from, to }: UserRenamed): Promise<void> {
    await this.templates.renameApprover(from, to);
  }

  /**
   * true approves (recording who and when), null clears, false disapproves (the workspace delete:
   * the template leaves the lists that exclude disapproved). The audio's figures follow.
   */
  setApproval(
    musicCanonicalId: string,
    templateClipsMediaId: string,
    approved: boolean | null,
    username: string,
  ): Promise<TemplateApproval> {
    return this.edits.runRecounting(musicCanonicalId, username, async () => {
      const approval =
        approved === true
          ? { approved, approved_at: new Date(), approved_by: username }
          : { approved, approved_at: null, approved_by: null };
      const saved = await this.templates.setApproval(musicCanonicalId, templateClipsMediaId, approval);
      if (!saved) throw new NotFoundException(TEMPLATE_NOT_FOUND_MESSAGE);
      return {
        music_canonical_id: musicCanonicalId,
        template_clips_media_id: templateClipsMediaId,
        approved: saved.approved ?? null,
      };
    });
  }

  /** GET /api/templates/count/ */
  async count(): Promise<TemplateCount> {
    const [{ templates_approved }, beats_done] = await Promise.all([
      this.audios.catalogTotals(),
      this.beats.countAllDone(),
    ]);
    return { approved: sumApprovals({ templates_approved, beats_done }), beats_done, templates_approved };
  }

  /** GET /api/templates/from_reels/ */
  async fromReels(): Promise<TemplatesFromReels> {
    const totals = await this.audios.catalogTotals();
    return { count: totals.templates, count_discarded_hl_start: totals.templates_off_highlight };
  }

  findTemplate(templateClipsMediaId: string): Promise<TemplateRecord | null> {
    return this.templates.findOne(templateClipsMediaId);
  }
}
