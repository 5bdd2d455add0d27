import { Module } from '@nestjs/common';

import { ListIndexMode } from './list-index-mode';

/** The one decision, per process, whether lists are answered from memory (AUDIO_LIST_INDEX). */
@Module({ providers: [ListIndexMode], exports: [ListIndexMode] })
export class ListIndexModeModule {}
