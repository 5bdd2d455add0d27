import type { ApprovalDetail, ApprovalListQuery, ApprovalPage, ApprovalParams } from '@curator/shared/contract';
import { Controller, Get, Param, Query } from '@nestjs/common';
import { ApiOkResponse, ApiTags } from '@nestjs/swagger';

import { ApprovalDetailDto, ApprovalListQueryDto, ApprovalPageDto, ApprovalParamsDto } from './approvals.dto';
import { ApprovalsService } from './approvals.service';

// The validation pipe hands over each schema's parsed output, hence the casts from the DTO types.
@ApiTags('approvals')
@Controller('approvals')
export class ApprovalsController {
  constructor(private readonly approvals: ApprovalsService) {}

  @Get()
  @ApiOkResponse({ type: ApprovalPageDto })
  list(@Query() query: ApprovalListQueryDto): Promise<ApprovalPage> {
    const q = query as unknown as ApprovalListQuery;
    return this.approvals.list(q.skip, q.tags);
  }

  @Get(':src/:id')
  @ApiOkResponse({ type: ApprovalDetailDto })
  detail(@Param() params: ApprovalParamsDto): Promise<ApprovalDetail> {
    const p = params as ApprovalParams;
    return this.approvals.detail(p.src, p.id);
  }
}
