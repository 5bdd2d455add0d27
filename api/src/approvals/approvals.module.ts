import { Module } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';

import { AudiosModule } from '../audios/audios.module';
import { TemplatesModule } from '../templates/templates.module';
import { Approval, ApprovalSchema } from './approval.schema';
import { ApprovalRowsService } from './approval-rows.service';
import { ApprovalsRepository } from './approvals.repository';

/** The approvals read model. Its HTTP endpoints live in ApprovalsApiModule, which also reads beats and templates. */
@Module({
  imports: [
    MongooseModule.forFeature([{ name: Approval.name, schema: ApprovalSchema }]),
    AudiosModule,
    TemplatesModule,
  ],
  providers: [ApprovalsRepository, ApprovalRowsService],
  exports: [ApprovalRowsService],
})
export class ApprovalsModule {}
