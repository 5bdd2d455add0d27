import type { TemplateApproval, TemplateCount, TemplatesFromReels } from '@curator/shared/contract';
import { Body, Controller, Get, HttpCode, Post } from '@nestjs/common';
import { ApiOkResponse, ApiTags } from '@nestjs/swagger';

import { CurrentUser, type SessionUser } from '../common/auth.decorators';
import {
  TemplateApprovalDto,
  TemplateApprovedBodyDto,
  TemplateCountDto,
  TemplatesFromReelsDto,
  TemplateToggleApprovalBodyDto,
} from './template-approvals.dto';
import { TemplateApprovalsService } from './template-approvals.service';

@ApiTags('templates')
@Controller()
export class TemplateApprovalsController {
  constructor(private readonly templates: TemplateApprovalsService) {}

  /** The workspace checkbox: true approves, null clears. The segment fields are the stored template's. */
  @Post('template-toggle-approval')
  @HttpCode(200)
  @ApiOkResponse({ type: TemplateApprovalDto })
  toggle(@Body() body: TemplateToggleApprovalBodyDto, @CurrentUser() user: SessionUser): Promise<TemplateApproval> {
    return this.templates.setApproval(
      body.music_canonical_id,
      body.template_clips_media_id,
      body.approved as true | null,
      user.username,
    );
  }

  /** false from the workspace delete, null from the approvals page. */
  @Post('template-approved')
  @HttpCode(200)
  @ApiOkResponse({ type: TemplateApprovalDto })
  setApproved(@Body() body: TemplateApprovedBodyDto, @CurrentUser() user: SessionUser): Promise<TemplateApproval> {
    return this.templates.setApproval(
      body.music_canonical_id,
      body.template_clips_media_id,
      body.approved as boolean | null,
      user.username,
    );
  }

  @Get('templates/count')
  @ApiOkResponse({ type: TemplateCountDto })
  count(): Promise<TemplateCount> {
    return this.templates.count();
  }

  @Get('templates/from_reels')
  @ApiOkResponse({ type: TemplatesFromReelsDto })
  fromReels(): Promise<TemplatesFromReels> {
    return this.templates.fromReels();
  }
}
