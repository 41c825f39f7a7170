import pino, { type Logger } from 'pino';
import pretty from 'pino-pretty';
import type { AppConfig } from '../../config/app-config.js';

/**
 * The one pino logger of an app instance (Fastify's and Nest's lines alike). Lines written through a
 * request's logger (`request.log`) carry its id (`reqId`) and, once the access guard knows the caller, the
 * user's id (`userId`; see request-log.ts). JSON lines for log collectors; readable colored lines when
 * stdout is a terminal (`npm start` by hand).
 */
export function createLogger(config: AppConfig, destination: NodeJS.WritableStream = process.stdout): Logger {
  const options: pino.LoggerOptions = {
    level: config.LOG_LEVEL,
    redact: ['req.headers.authorization', 'req.headers.cookie'],
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
