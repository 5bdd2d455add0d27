import { Module } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';

import { Template, TemplateSchema } from './template.schema';
import { TemplatesController } from './templates.controller';
import { TemplatesRepository } from './templates.repository';
import { TemplatesService } from './templates.service';

@Module({
  imports: [MongooseModule.forFeature([{ name: Template.name, schema: TemplateSchema }])],
  controllers: [TemplatesController],
  providers: [TemplatesRepository, TemplatesService],
  exports: [TemplatesRepository],
})
export class TemplatesModule {}
