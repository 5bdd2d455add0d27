import { Injectable } from '@nestjs/common';

/** One read the API makes as it starts: its name in the log, and the read. */
export type StartupRead = { name: string; read: () => Promise<unknown> };
export type StartupReadsState = 'running' | 'done';

/**
 * The reads a process makes as it starts (the lists it keeps in memory, the figures' checks), run one
 * after another, in the order given. The embedded database runs a read on one core, so reads
 * started side by side finish no sooner together, and each one that does not wait holds its
 * whole answer in the server's memory at once (four full reads of 30,000 audios side by side took
 * 2.5 times as long as one after another). The first read is the one most screens wait for.
 *
 * A read that fails is logged and the next one runs: each is also made on demand by the request that
 * needs it. `GET /api/health/` says whether they are done (`startup`).
 */
@Injectable()
export class StartupReads {
  private current: StartupReadsState = 'done';

  get state(): StartupReadsState {
    return this.current;
  }

  /** Runs the reads one after another, then logs each one's time (or that it failed). */
  async run(
    reads: StartupRead[],
    log: { info(message: string): void; error(context: { err: Error }, message: string): void },
  ): Promise<void> {
    this.current = 'running';
    const started = performance.now();
    const times: string[] = [];
    try {
      for (const { name, read } of reads) {
        const readStarted = performance.now();
        try {
          await read();
          times.push(`${name} ${Math.round(performance.now() - readStarted)} ms`);
        } catch (error) {
          log.error({ err: error as Error }, `Start-up read failed: ${name}`);
          times.push(`${name} failed`);
        }
      }
    } finally {
      this.current = 'done';
    }
    log.info(`Start-up reads done in ${Math.round(performance.now() - started)} ms (${times.join(', ')})`);
  }
}
