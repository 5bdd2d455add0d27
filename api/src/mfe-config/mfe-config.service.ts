import { readFile } from 'node:fs/promises';

import { Inject, Injectable, Logger } from '@nestjs/common';
import { z } from 'zod';

import { APP_CONFIG } from '../config/config.module';
import type { AppConfig } from '../config/env.schema';

export const MfeRemoteSchema = z.object({
  name: z.string().min(1),
  entry: z.string().min(1),
  routes: z.array(z.string()),
});
export const MfeRemoteListSchema = z.array(MfeRemoteSchema);
export type MfeRemote = z.infer<typeof MfeRemoteSchema>;

@Injectable()
export class MfeConfigService {
  private readonly logger = new Logger(MfeConfigService.name);

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  /**
   * Read on every call, so a redeployed remote is picked up without a restart. A missing file is
   * an empty map; a malformed one is an error (logged, answered 500).
   */
  async readRemotes(): Promise<MfeRemote[]> {
    let text: string;
    try {
      text = await readFile(this.config.remotesFile, 'utf8');
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') {
        this.logger.warn(`No remote map at ${this.config.remotesFile}`);
        return [];
      }
      throw err;
    }
    return MfeRemoteListSchema.parse(JSON.parse(text));
  }
}
