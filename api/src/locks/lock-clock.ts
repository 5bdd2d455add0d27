import { Injectable } from '@nestjs/common';

/** The time locks are judged by; tests replace it to move past an expiry. */
@Injectable()
export class LockClock {
  now(): Date {
    return new Date();
  }
}
