// Security headers on every answer (helmet) with a Content-Security-Policy that allows only the
// service's own scripts, and a request id: taken from `X-Request-Id` when it is a plain token,
// else made here; echoed on the answer and written on the request's log line.
import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { RequestHandler } from 'express';
import helmet from 'helmet';
import { isLocalUrl } from '../auth/sessions.js';

/** Sets the headers on a plain Node answer too (the `/health` listener runs before Express). */
export type HeaderSetter = (req: IncomingMessage, res: ServerResponse, next: (err?: unknown) => void) => void;

export function securityHeaders(publicUrl: string): HeaderSetter {
  return helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // Pages the server renders carry small <style> blocks; no inline script is allowed.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:'],
        // Redoc renders in a worker it makes from a blob.
        workerSrc: ["'self'", 'blob:'],
        connectSrc: ["'self'"],
        fontSrc: ["'self'", 'data:'],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
      },
    },
    crossOriginEmbedderPolicy: false,
    // HTTPS only where the service is reached over HTTPS.
    strictTransportSecurity:
      isLocalUrl(publicUrl) || publicUrl.startsWith('http:') ? false : { maxAge: 15_552_000 },
  });
}

const PLAIN_ID = /^[A-Za-z0-9._-]{1,64}$/;

/** The request's id, echoed as `X-Request-Id`: the client's when it is a plain token, else a new one. */
export function setRequestId(req: IncomingMessage, res: ServerResponse): string {
  const given = req.headers['x-request-id'];
  const id = typeof given === 'string' && PLAIN_ID.test(given) ? given : randomUUID();
  res.setHeader('X-Request-Id', id);
  return id;
}

export const requestId: RequestHandler = (req, res, next) => {
  res.locals.requestId = setRequestId(req, res);
  next();
};
