// `GET /health` is answered before Express sees the request. It is what a monitor or a load
// balancer asks, over and over, and it must stay quick while the OCR workers take both cores.
// Through Express it cost the service's thread 0.36 ms of CPU per request: the router, the
// middleware stack, `res.json`'s ETag. A burst of 100 back-to-back checks kept the thread busy
// long enough to be preempted midway (p99 11-12 ms in `npm run bench:api`'s part (c)). Answered
// here it costs 0.15 ms (p99 5-6 ms), with the same security headers, request id and request
// log as every other answer. Any other method on `/health` goes on to Express,
// which answers 405 from the OpenAPI description as for every documented path.
import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import type { HealthOut } from '@invoice-reader/contract';
import { API_VERSION } from '@invoice-reader/contract';
import { countJobs, type Db } from '@invoice-reader/db';
import type { Logger } from '../log.js';
import { databaseNotNow } from './errors.js';
import { logWhenAnswered } from './request-log.js';
import { securityHeaders, setRequestId } from './security-headers.js';

export interface HealthDeps {
  db: Db;
  log: Logger;
  publicUrl: string;
}

/** The service's request listener: `/health` answered here, everything else by `app`. */
export function healthFirst(app: RequestListener, deps: HealthDeps): RequestListener {
  const headers = securityHeaders(deps.publicUrl);
  return (req, res) => {
    if (!isHealthCheck(req)) {
      app(req, res);
      return;
    }
    headers(req, res, () => {
      answerHealth(req, res, deps).catch((err: unknown) => {
        // The database stayed locked past its busy timeout or is out of reach: the check says so, as
        // any route would (logged with the driver's message, not drizzle's, which is the query).
        deps.log.warn('health check failed', {
          error: databaseNotNow(err)?.message ?? String((err as Error)?.message ?? err),
        });
        if (res.headersSent) return;
        res.writeHead(503, { 'Content-Type': 'application/json; charset=utf-8', 'Retry-After': '2' });
        res.end(JSON.stringify({ detail: 'busy' }));
      });
    });
  };
}

function isHealthCheck(req: IncomingMessage): boolean {
  if (req.method !== 'GET' && req.method !== 'HEAD') return false;
  const url = req.url ?? '';
  const query = url.indexOf('?');
  return (query < 0 ? url : url.slice(0, query)) === '/health';
}

async function answerHealth(req: IncomingMessage, res: ServerResponse, deps: HealthDeps): Promise<void> {
  const id = setRequestId(req, res);
  logWhenAnswered(deps.log, res, { id, method: req.method, path: '/health' });
  const out: HealthOut = {
    ok: true,
    version: API_VERSION,
    queued: await countJobs(deps.db, 'queued'),
    processing: await countJobs(deps.db, 'processing'),
  };
  const body = JSON.stringify(out);
  res.writeHead(200, {
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Length': Buffer.byteLength(body),
  });
  res.end(req.method === 'HEAD' ? undefined : body);
}
