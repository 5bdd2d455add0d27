import { Injectable, OnModuleDestroy } from '@nestjs/common';

import { ListIndexMode } from '../persistence/list-index-mode';
import { ListReader } from '../persistence/list-reader';
import { type AudioListRow, AudiosRepository } from './audios.repository';

/**
 * The audio list answered from memory: every audio's list fields, kept current by following the
 * audios change feed (see MemoryListIndex).
 */
@Injectable()
export class AudioListIndex extends ListReader<AudioListRow> implements OnModuleDestroy {
  constructor(audios: AudiosRepository, mode: ListIndexMode) {
    super(
      {
        changes: audios.changes,
        readAll: () => audios.findAllListRows(),
        readByIds: (ids) => audios.findListRowsByIds(ids),
        idOf: (row) => row.music_canonical_id,
      },
      mode,
    );
  }

  /** Every audio's row: from memory where the list is kept there, else what `fromDatabase` reads. */
  async everyAudio<K extends keyof AudioListRow>(
    fromDatabase: () => Promise<Array<Pick<AudioListRow, K>>>,
  ): Promise<Iterable<Pick<AudioListRow, K>>> {
    return this.everyOr(fromDatabase);
  }

  onModuleDestroy(): void {
    this.stop();
  }
}
