// The Express application: routes by domain, one error handler, request logs. It is built from
// its dependencies so tests run it against a real SQLite file in a temporary folder.
import type { Db } from '@invoice-reader/db';
import express, { type Express } from 'express';
import { apiSubscriptionRouter } from './api-subscription/router.js';
import { authRouter } from './auth/router.js';
import type { BlobStore } from './blobs/store.js';
import type { Clock } from './clock.js';
import type { Config } from './config.js';
import { docsRouter } from './docs/router.js';
import { exportsRouter } from './exports/router.js';
import { errorHandler, HttpError } from './http/errors.js';
import { methodNotAllowed } from './http/method-not-allowed.js';
import { logWhenAnswered } from './http/request-log.js';
import { requestId, securityHeaders } from './http/security-headers.js';
import type { Logger } from './log.js';
import type { MailConnections } from './mail/connection.js';
import type { LetterQueue } from './mail/letters.js';
import { mailRouter } from './mail/router.js';
import type { Mailer } from './mailer/mailer.js';
import { pagesRouter } from './pages/router.js';
import { paymentsRouter } from './payments/router.js';
import type { Payments } from './payments/service.js';
import { publicRouter } from './public/router.js';
import { publicApiRouter } from './public-api/router.js';
import { syncRouter } from './sync/router.js';
import { webAppRouter } from './web-app/router.js';
import { webParseRouter } from './web-parse/router.js';

export interface AppDeps {
  db: Db;
  blobs: BlobStore;
  config: Readonly<Config>;
  log: Logger;
  /** PUBLIC_URL or the listening address: sign-in links, cookie flags, the CSRF origin. */
  publicUrl: string;
  /** The service's own outgoing mail (sign-in links, notices). */
  mailer: Mailer;
  /** Wakes the reading of jobs: the one accepted (its id), or every queued one (no id). */
  kick: (jobId?: number) => void;
  clock: Clock;
  payments: Payments;
  /** The secret the payment provider signs its notifications with. */
  notificationSecret: string;
  /** The person's own mailbox: its connections and the letters sent from it. */
  mail: { connections: MailConnections; letters: LetterQueue };
}

export function createApp(deps: AppDeps): Express {
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', 'loopback');
  app.use(requestId);
  app.use(securityHeaders(deps.publicUrl));
  app.use((req, res, next) => {
    logWhenAnswered(deps.log, res, { id: res.locals.requestId, method: req.method, path: req.path });
    next();
  });

  // The interfaces' answers hold accounts' data: jobs, invoices, a key shown once. No cache (a
  // shared proxy's, the browser's disk) keeps them, unless a route says otherwise (a public text).
  app.use(['/v1', '/api'], (_req, res, next) => {
    res.set('Cache-Control', 'no-store');
    next();
  });

  // `GET /health` never reaches this app: the server answers it first (http/health.ts).
  app.use(docsRouter());
  app.use(publicApiRouter(deps));
  app.use(authRouter(deps));
  app.use(apiSubscriptionRouter(deps));
  app.use(webParseRouter(deps));
  app.use(syncRouter(deps));
  app.use(publicRouter(deps));
  app.use(exportsRouter(deps));
  app.use(paymentsRouter(deps));
  app.use(mailRouter(deps));
  app.use(webAppRouter(deps));
  // Last: `/:lang` would otherwise look at every one-segment path first.
  app.use(pagesRouter(deps));
  app.use(methodNotAllowed());
  app.use((_req, _res) => {
    throw new HttpError(404, 'not_found');
  });
  app.use(errorHandler(deps.log));
  return app;
}
