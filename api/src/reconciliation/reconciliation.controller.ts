import { Controller, HttpCode, Post } from '@nestjs/common';
import { ApiOkResponse, ApiTags } from '@nestjs/swagger';

import { AdminOnly } from '../common/auth.decorators';
import { type Correction, FiguresReconciliationService } from './figures-reconciliation.service';

@ApiTags('admin')
@Controller('admin/reconcile')
export class ReconciliationController {
  constructor(private readonly reconciliation: FiguresReconciliationService) {}

  /** POST /api/admin/reconcile/: recounts every derived figure now; answers what it corrected. */
  @Post()
  @AdminOnly()
  @HttpCode(200)
  @ApiOkResponse({ description: 'The figures corrected: `{corrected: [{figure, of, stored, counted}]}`' })
  async reconcile(): Promise<{ corrected: Correction[] }> {
    return { corrected: await this.reconciliation.reconcile() };
  }
}
