import { Injectable } from '@nestjs/common';
import { InjectConnection } from '@nestjs/mongoose';
import type { Connection } from 'mongoose';
import { CatalogCountersService } from '../audios/catalog-counters.service';
import { KeyedMutex } from '../audios/keyed-mutex';
import { LocksService } from '../locks/locks.service';
import { AudioEditLeases } from '../common/audio-edit-lease';
import { BeatsRepository } from './beats.repository';

/**
 * The one road for writes to an audio's beats, ending points and template approvals: refused
 * with 423 while another user holds a live lock, run one at a time per audio in this process and
 * across API instances (FerretDB v1 cannot arbitrate conditional updates), followed by a recount of the audio's
 * figures from the records themselves, so concurrent writes leave them exact.
 */
@Injectable()
export class AudioEditsService {
  private readonly edits = new KeyedMutex();
  private readonly leases: AudioEditLeases;

  constructor(
    private readonly locks: LocksService,
    private readonly counters: CatalogCountersService,
    private readonly beats: BeatsRepository,
    @InjectConnection() connection: Connection,
  ) {
    this.leases = new AudioEditLeases(connection);
  }

  run<T>(musicCanonicalId: string, username: string, write: () => Promise<T>, options: { recount?: boolean } = {}): Promise<T> {
    return this.edits.run(musicCanonicalId, () =>
      this.leases.run(musicCanonicalId, async () => {
        await this.locks.assertEditable(musicCanonicalId, username);
        const result = await write();
        if (options.recount !== false) await this.recount(musicCanonicalId);
        return result;
      }),
    );
  }

  /** beats_done_count and ep_template_count counted, then the approvals figure from them and the templates. */
  private async recount(musicCanonicalId: string): Promise<void> {
    const [done, ep] = await Promise.all([this.beats.countDoneForAudio(musicCanonicalId), this.beats.countEpForAudio(musicCanonicalId)]);
    await this.counters.recountWithBeatCounts(musicCanonicalId, { beats_done_count: done, ep_template_count: ep });
  }
}
