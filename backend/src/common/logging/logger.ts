import pino, { type Logger } from 'pino';
import pretty from 'pino-pretty';
import type { AppConfig } from '../../config/app-config.js';
import { requestLogFields } from './request-context.js';

/**
 * The one pino logger of an app instance (Fastify's and Nest's lines alike). Every line written while a
 * request is served carries its id (`reqId`) and the signed-in user's id (`userId`). JSON lines for log
 * collectors; readable colored lines when stdout is a terminal (`npm start` by hand).
 */
export function createLogger(config: AppConfig, destination: NodeJS.WritableStream = process.stdout): Logger {
  const options: pino.LoggerOptions = {
    level: config.LOG_LEVEL,
    redact: ['req.headers.authorization', 'req.headers.cookie'],
    // Fastify's per-request child loggers already bind reqId; the root logger (Nest's lines) does not.
    mixin: (_object, _level, logger) => requestLogFields(logger === root),
  };
  const isTerminal = (destination as NodeJS.WriteStream).isTTY === true;
  const root: Logger = isTerminal
    ? pino(
        options,
        pretty({
          colorize: true,
          translateTime: 'SYS:HH:MM:ss.l',
          ignore: 'pid,hostname',
          destination,
        }),
      )
    : pino(options, destination as pino.DestinationStream);
  return root;
}
