import type { LoggerService } from '@nestjs/common';
import type { Logger } from 'pino';

type Level = 'info' | 'error' | 'warn' | 'debug' | 'trace' | 'fatal';

const looksLikeStack = (text: string): boolean => /\n\s+at /.test(text);

/**
 * Sends Nest's own log lines through the same pino instance Fastify uses, so all logs are JSON.
 *
 * Nest calls `log(message, ...params)` and, for a Logger created with a context (`new Logger('Jobs')`),
 * appends that context as the last param. So `logger.log({ lifted }, 'Lifted suspensions')` arrives as
 * `(object, 'Lifted suspensions', 'Jobs')`: the object's fields, the message and the context. `error`
 * may also carry a stack (`error(message, stack, context)`), told apart by its "at ..." lines.
 */
export class PinoNestLogger implements LoggerService {
  constructor(private readonly pino: Logger) {}

  log(message: unknown, ...params: unknown[]): void {
    this.write('info', message, params);
  }
  error(message: unknown, ...params: unknown[]): void {
    this.write('error', message, params);
  }
  warn(message: unknown, ...params: unknown[]): void {
    this.write('warn', message, params);
  }
  debug(message: unknown, ...params: unknown[]): void {
    this.write('debug', message, params);
  }
  verbose(message: unknown, ...params: unknown[]): void {
    this.write('trace', message, params);
  }
  fatal(message: unknown, ...params: unknown[]): void {
    this.write('fatal', message, params);
  }

  private write(level: Level, message: unknown, params: unknown[]): void {
    const strings = params.filter((param): param is string => typeof param === 'string');
    // The last string is the context when Nest appended one (always, for our `new Logger(name)`s).
    const context = strings.length > 0 ? strings[strings.length - 1] : undefined;
    const rest = strings.slice(0, -1);
    const trace = rest.find(looksLikeStack);
    const text = rest.find((param) => !looksLikeStack(param));
    const fields: Record<string, unknown> = { context, ...(trace ? { trace } : {}) };
    if (typeof message === 'object' && message !== null && !(message instanceof Error)) {
      this.pino[level]({ ...fields, ...message }, text);
    } else if (message instanceof Error) {
      this.pino[level]({ ...fields, err: message }, text ?? message.message);
    } else {
      this.pino[level](fields, text === undefined ? String(message) : `${String(message)} ${text}`);
    }
  }
}
