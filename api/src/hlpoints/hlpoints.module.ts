import { Module } from '@nestjs/common';
import { TemplateApprovalsModule } from '../templates/template-approvals.module';
import { HlPointsController } from './hlpoints.controller';
import { HlPointsService } from './hlpoints.service';

@Module({
  imports: [TemplateApprovalsModule],
  controllers: [HlPointsController],
  providers: [HlPointsService],
})
export class HlPointsModule {}
