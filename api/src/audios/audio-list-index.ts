import { Injectable, OnModuleDestroy } from '@nestjs/common';
import { MemoryListIndex } from '../common/memory-list-index';
import { AudiosRepository, type AudioListRow } from './audios.repository';

/**
 * The audio list answered from memory: every audio's list fields, kept current by following the
 * audios change feed (see MemoryListIndex).
 */
@Injectable()
export class AudioListIndex extends MemoryListIndex<AudioListRow> implements OnModuleDestroy {
  constructor(audios: AudiosRepository) {
    super({
      changes: audios.changes,
      readAll: () => audios.findAllListRows(),
      readByIds: (ids) => audios.findListRowsByIds(ids),
      idOf: (row) => row.music_canonical_id,
    });
  }

  onModuleDestroy(): void {
    this.stop();
  }
}
