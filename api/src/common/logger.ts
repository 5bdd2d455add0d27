import type { LoggerService } from '@nestjs/common';
import pino, { Logger } from 'pino';

const loggers = new Map<string, Logger>();

/** The process's structured logger at `level` (one per level): request logs, start-up and errors all go through it. */
export function createLogger(level: string): Logger {
  let logger = loggers.get(level);
  if (!logger) {
    logger = pino({
      level,
      base: { service: 'curator-api', pid: process.pid },
      redact: { paths: ['password', '*.password', 'password_hash', '*.password_hash'], censor: '[redacted]' },
    });
    loggers.set(level, logger);
  }
  return logger;
}

/** Nest's own messages as lines of the same logger; its routine start-up chatter goes to debug. */
export class NestPinoLogger implements LoggerService {
  constructor(private readonly logger: Logger) {}

  log(message: unknown, context?: string): void {
    this.logger.debug({ context }, String(message));
  }

  error(message: unknown, trace?: string, context?: string): void {
    this.logger.error({ context, trace }, String(message));
  }

  warn(message: unknown, context?: string): void {
    this.logger.warn({ context }, String(message));
  }

  debug(message: unknown, context?: string): void {
    this.logger.debug({ context }, String(message));
  }

  verbose(message: unknown, context?: string): void {
    this.logger.trace({ context }, String(message));
  }
}
