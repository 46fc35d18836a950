// One debug line per answer: the request's id, method, path, status and how long it took.
import type { ServerResponse } from 'node:http';
import type { Logger } from '../log.js';

export function logWhenAnswered(
  log: Logger,
  res: ServerResponse,
  request: { id: string; method: string | undefined; path: string },
): void {
  const started = process.hrtime.bigint();
  res.on('finish', () => {
    const ms = Number(process.hrtime.bigint() - started) / 1e6;
    log.debug('request', { ...request, status: res.statusCode, ms: Math.round(ms * 10) / 10 });
  });
}
