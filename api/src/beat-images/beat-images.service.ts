import { readdirSync } from 'node:fs';
import { join } from 'node:path';

import type { BeatImage } from '@curator/shared/contract';
import { Injectable } from '@nestjs/common';

import { REPO_ROOT } from '../config/env.schema';

/** Preview images committed with the app, cycled by segment index in the workspace. */
export const BEAT_IMAGES_DIR = join(REPO_ROOT, 'api', 'assets', 'beat-images');
export const BEAT_IMAGE_NAME = /^beat-\d{2}\.svg$/;
export const BEAT_IMAGE_URL_PREFIX = '/api/beatimages/';

@Injectable()
export class BeatImagesService {
  private readonly names = readdirSync(BEAT_IMAGES_DIR)
    .filter((n) => BEAT_IMAGE_NAME.test(n))
    .sort();

  list(): BeatImage[] {
    return this.names.map((name) => ({ image: `${BEAT_IMAGE_URL_PREFIX}${name}` }));
  }

  /** Absolute path of a listed image, or null. */
  resolve(name: string): string | null {
    return this.names.includes(name) ? join(BEAT_IMAGES_DIR, name) : null;
  }
}
