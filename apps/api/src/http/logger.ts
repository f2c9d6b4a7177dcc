import type { LoggerService } from '@nestjs/common';
import pino, { type Logger } from 'pino';

// Header names whose values never reach a log line.
const REDACTED = ['req.headers["client-secret"]', 'req.headers.authorization', 'req.headers.cookie'];

export function createRootLogger(level: string): Logger {
  return pino({
    level,
    base: { service: 'mission-workforce-results' },
    timestamp: pino.stdTimeFunctions.isoTime,
    redact: { paths: REDACTED, censor: '[redacted]' },
  });
}

/** Sends Nest's own log lines to the same JSON stream as the request logs. */
export class PinoNestLogger implements LoggerService {
  constructor(private readonly logger: Logger) {}

  log(message: unknown, context?: string) {
    this.logger.info({ context }, String(message));
  }
  error(message: unknown, trace?: string, context?: string) {
    this.logger.error({ context, trace }, String(message));
  }
  warn(message: unknown, context?: string) {
    this.logger.warn({ context }, String(message));
  }
  debug(message: unknown, context?: string) {
    this.logger.debug({ context }, String(message));
  }
  verbose(message: unknown, context?: string) {
    this.logger.trace({ context }, String(message));
  }
}
