import { Module } from '@nestjs/common';

import { AudiosModule } from '../audios/audios.module';
import { BeatsModule } from '../beats/beats.module';
import { TemplateApprovalsModule } from '../template-approvals/template-approvals.module';
import { ApprovalsController } from './approvals.controller';
import { ApprovalsService } from './approvals.service';

/** GET /api/approvals/ and its detail: the done beats and approved templates, read where they live. */
@Module({
  imports: [AudiosModule, BeatsModule, TemplateApprovalsModule],
  controllers: [ApprovalsController],
  providers: [ApprovalsService],
  exports: [ApprovalsService],
})
export class ApprovalsModule {}
