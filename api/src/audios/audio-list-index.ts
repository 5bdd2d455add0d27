import { Injectable, OnModuleDestroy } from '@nestjs/common';
import { ListIndexMode } from '../common/list-index-mode';
import { MemoryListIndex } from '../common/memory-list-index';
import { AudiosRepository, type AudioListRow } from './audios.repository';

/**
 * The audio list answered from memory: every audio's list fields, kept current by following the
 * audios change feed (see MemoryListIndex).
 */
@Injectable()
export class AudioListIndex extends MemoryListIndex<AudioListRow> implements OnModuleDestroy {
  constructor(
    audios: AudiosRepository,
    private readonly mode: ListIndexMode,
  ) {
    super({
      changes: audios.changes,
      readAll: () => audios.findAllListRows(),
      readByIds: (ids) => audios.findListRowsByIds(ids),
      idOf: (row) => row.music_canonical_id,
    });
  }

  /** Every audio's row: from memory where the list is kept there, else what `fromDatabase` reads. */
  async everyAudio<K extends keyof AudioListRow>(fromDatabase: () => Promise<Array<Pick<AudioListRow, K>>>): Promise<Iterable<Pick<AudioListRow, K>>> {
    return (await this.mode.usesMemory()) ? this.allRows() : fromDatabase();
  }

  onModuleDestroy(): void {
    this.stop();
  }
}
