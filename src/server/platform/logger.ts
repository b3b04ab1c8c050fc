import pino, { type Logger } from 'pino';
import pretty from 'pino-pretty';
import type { Config } from '../config';

/**
 * The process's one logger (main.ts hands it to Fastify too). Pretty lines are written
 * synchronously in this thread, so that what follows on stdout (the first start's credentials
 * box) comes after them, not in the middle. Requests are not logged by default, so the few
 * lines a process writes cost nothing worth buffering.
 */
export function createLogger(config: Pick<Config, 'logLevel' | 'prettyLogs'>): Logger {
  // Synchronous too: sonic-boom's default buffering let a later console.log overtake a line.
  if (!config.prettyLogs)
    return pino({ level: config.logLevel }, pino.destination({ dest: 1, sync: true }));
  return pino(
    { level: config.logLevel },
    pretty({ sync: true, translateTime: 'SYS:HH:MM:ss', ignore: 'pid,hostname' }),
  );
}
