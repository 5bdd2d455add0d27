import pino, { Logger } from 'pino';

/** One structured logger per app; request logs and unexpected errors go through it. */
export function createLogger(level: string): Logger {
  return pino({
    level,
    base: { service: 'curator-api' },
    redact: { paths: ['password', '*.password', 'password_hash', '*.password_hash'], censor: '[redacted]' },
  });
}
