import { Injectable } from '@nestjs/common';
import { InjectConnection } from '@nestjs/mongoose';
import type { Connection } from 'mongoose';

import { CatalogCountersService } from '../audios/catalog-counters.service';
import { LocksService } from '../locks/locks.service';
import { AudioEditLeases } from '../persistence/audio-edit-lease';

/**
 * The road for writes to an audio's beats, ending points and template approvals: refused with 423
 * while another user holds a live lock. Beat writes are single conditional writes and move the
 * audio's counters by what they changed (`run`). A template approval changes figures that are
 * recomputed from all of the audio's templates, a rule that spans documents, so those writes take
 * the audio's edit lease across API instances and recount (`runRecounting`).
 */
@Injectable()
export class AudioEditsService {
  private readonly leases: AudioEditLeases;

  constructor(
    private readonly locks: LocksService,
    private readonly counters: CatalogCountersService,
    @InjectConnection() connection: Connection,
  ) {
    this.leases = new AudioEditLeases(connection);
  }

  async run<T>(musicCanonicalId: string, username: string, write: () => Promise<T>): Promise<T> {
    await this.locks.assertEditable(musicCanonicalId, username);
    return write();
  }

  runRecounting<T>(musicCanonicalId: string, username: string, write: () => Promise<T>): Promise<T> {
    return this.leases.run(musicCanonicalId, async () => {
      await this.locks.assertEditable(musicCanonicalId, username);
      const result = await write();
      await this.counters.recount([musicCanonicalId]);
      return result;
    });
  }
}
