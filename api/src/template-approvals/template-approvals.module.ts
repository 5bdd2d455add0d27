import { Module } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';

import { AudiosModule } from '../audios/audios.module';
import { BeatsModule } from '../beats/beats.module';
import { LocksModule } from '../locks/locks.module';
import { Template, TemplateSchema } from '../templates/template.schema';
import { TemplateApprovalsController } from './template-approvals.controller';
import { TemplateApprovalsRepository } from './template-approvals.repository';
import { TemplateApprovalsService } from './template-approvals.service';

/** Template approval writes and the figures over all templates; apart from TemplatesModule, which the audios need. */
@Module({
  imports: [
    MongooseModule.forFeature([{ name: Template.name, schema: TemplateSchema }]),
    AudiosModule,
    BeatsModule,
    LocksModule,
  ],
  controllers: [TemplateApprovalsController],
  providers: [TemplateApprovalsRepository, TemplateApprovalsService],
  exports: [TemplateApprovalsService, TemplateApprovalsRepository],
})
export class TemplateApprovalsModule {}
