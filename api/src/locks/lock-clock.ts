import { Injectable } from '@nestjs/common';

/** The time locks are judged by: `Date.now()`, which tests move to pass an expiry. */
@Injectable()
export class LockClock {
  now(): Date {
    return new Date(Date.now());
  }
}
