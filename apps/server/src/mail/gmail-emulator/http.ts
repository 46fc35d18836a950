// Small HTTP helpers of the Gmail emulator: JSON answers, Google's error shape, bodies with a limit.
import { timingSafeEqual } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';

export const send = (res: ServerResponse, status: number, body: unknown) =>
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' }).end(JSON.stringify(body));

/** Gmail's error shape (`{error: {code, message, status}}`). */
export const apiError = (res: ServerResponse, code: number, status: string, message: string) =>
  send(res, code, { error: { code, message, status, errors: [{ message, reason: status }] } });

export async function bodyOf(req: IncomingMessage, limit = 36 * 1024 * 1024): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > limit) throw new Error('body too large');
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks).toString('utf8');
}

export const sameSecret = (a: string, b: string) => {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
};
