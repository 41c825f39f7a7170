import type { LoggerService } from '@nestjs/common';
import type { Logger } from 'pino';

/** Sends Nest's own log lines through the same pino instance Fastify uses, so all logs are JSON. */
export class PinoNestLogger implements LoggerService {
  constructor(private readonly pino: Logger) {}

  log(message: unknown, context?: string): void {
    this.write('info', message, context);
  }
  error(message: unknown, trace?: string, context?: string): void {
    this.write('error', message, context, trace);
  }
  warn(message: unknown, context?: string): void {
    this.write('warn', message, context);
  }
  debug(message: unknown, context?: string): void {
    this.write('debug', message, context);
  }
  verbose(message: unknown, context?: string): void {
    this.write('trace', message, context);
  }
  fatal(message: unknown, context?: string): void {
    this.write('fatal', message, context);
  }

  private write(
    level: 'info' | 'error' | 'warn' | 'debug' | 'trace' | 'fatal',
    message: unknown,
    context?: string,
    trace?: string,
  ): void {
    if (typeof message === 'object' && message !== null) {
      this.pino[level]({ context, ...(trace ? { trace } : {}), ...message });
    } else {
      this.pino[level]({ context, ...(trace ? { trace } : {}) }, String(message));
    }
  }
}
