import { Module } from '@nestjs/common';

import { AudiosModule } from '../audios/audios.module';
import { BeatsModule } from '../beats/beats.module';
import { TagsModule } from '../tags/tags.module';
import { FiguresReconciliationService } from './figures-reconciliation.service';
import { ReconciliationController } from './reconciliation.controller';

/** The derived figures brought back to their recounts, at start-up and on demand. */
@Module({
  imports: [AudiosModule, BeatsModule, TagsModule],
  controllers: [ReconciliationController],
  providers: [FiguresReconciliationService],
  exports: [FiguresReconciliationService],
})
export class ReconciliationModule {}
