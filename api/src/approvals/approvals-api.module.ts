import { Module } from '@nestjs/common';

import { AudiosModule } from '../audios/audios.module';
import { BeatsModule } from '../beats/beats.module';
import { TemplateApprovalsModule } from '../template-approvals/template-approvals.module';
import { ApprovalsController } from './approvals.controller';
import { ApprovalsModule } from './approvals.module';
import { ApprovalsQueryService } from './approvals-query.service';

/** GET /api/approvals/ and its detail, reading the read model and the beats and templates behind it. */
@Module({
  imports: [ApprovalsModule, AudiosModule, BeatsModule, TemplateApprovalsModule],
  controllers: [ApprovalsController],
  providers: [ApprovalsQueryService],
  exports: [ApprovalsQueryService],
})
export class ApprovalsApiModule {}
