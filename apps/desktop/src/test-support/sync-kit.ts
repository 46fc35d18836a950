// What the desktop sync tests share: stores of their own holding files read, signing in by the
// link the real SMTP server caught, distinct e-invoices, and a real HTTP proxy in front of the
// test service that can answer errors and carry a Date header minutes off.
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import type { TestSmtp } from '../../../server/src/test-support/smtp.js';
import { DesktopCore } from '../core/core.js';
import { jobById, type LocalDb } from '../core/store.js';
import type { SyncClient } from '../core/sync.js';
import { EINVOICE, linkIn, tempDir } from './corpus.js';

/** The fields of a job's result in the store. */
export const fieldsOf = (db: LocalDb, id: number) =>
  JSON.parse(jobById(db, id)!.result!).fields as Record<string, string>;

/** Stores made for one test file, each with its own watched folder; `stop` ends and removes them. */
export function syncStores() {
  const cores: DesktopCore[] = [];
  const dirs: string[] = [];
  return {
    /** A store with its own watched folder, holding the given files read; `clock` is the machine's. */
    async readStore(files: Record<string, string | Buffer>, clock?: () => number) {
      const watch = tempDir('watch');
      const store = tempDir('store');
      dirs.push(watch, store);
      const c = new DesktopCore({ storeDir: store, folders: [watch], country: 'de', quietMs: 100, clock });
      cores.push(c);
      for (const [name, content] of Object.entries(files)) writeFileSync(path.join(watch, name), content);
      await c.scan();
      await c.drain();
      return { c, watch };
    },
    async stop() {
      for (const c of cores) await c.stop();
      for (const d of dirs) rmSync(d, { recursive: true, force: true });
    },
  };
}

/** Three distinct e-invoices (a comment makes each its own content). */
export const threeInvoices = () => {
  const xml = readFileSync(EINVOICE, 'utf8');
  return Object.fromEntries(
    [0, 1, 2].map((i) => [
      `e${i}.xml`,
      xml.replace('</rsm:CrossIndustryInvoice>', `<!-- ${i} --></rsm:CrossIndustryInvoice>`),
    ]),
  );
};

/** Signs `client` in as `email` by the link the service mailed. */
export async function signInByMail(smtp: TestSmtp, client: SyncClient, email: string) {
  await client.startSignIn(email);
  return client.finishSignIn(linkIn(await smtp.next(email)).toString());
}

/**
 * A real HTTP server on loopback in front of the test service, as a proxy or a load balancer is:
 * it forwards every request, except that while a rule has answers left it answers the rule's
 * status for its method and path instead (a 409 from a proxy, a 400 on the cursor...). Its own
 * `Date` header goes with every answer (as nginx's does), from a clock `dateOffsetMs` off; with
 * `withoutServiceTime` it drops `service_time` from JSON answers, as a service older than it was.
 */
export async function startProxy(
  target: string,
  opts: { dateOffsetMs?: number; withoutServiceTime?: boolean } = {},
) {
  const rules: Array<{ method: string; path: string; status: number; times: number }> = [];
  const seen: string[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', async () => {
      const key = `${req.method} ${req.url!.split('?')[0]}`;
      seen.push(key);
      const rule = rules.find((r) => r.times > 0 && key === `${r.method} ${r.path}`);
      if (rule) {
        rule.times--;
        res.writeHead(rule.status, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ detail: `answered ${rule.status} by the proxy` }));
        return;
      }
      const headers = Object.fromEntries(
        Object.entries(req.headers).filter(([k]) => !['host', 'connection', 'content-length'].includes(k)),
      ) as Record<string, string>;
      const body = Buffer.concat(chunks);
      const answer = await fetch(target + req.url, {
        method: req.method,
        headers,
        body: body.length ? body : undefined,
      });
      const type = answer.headers.get('content-type') ?? 'text/plain';
      let out = Buffer.from(await answer.arrayBuffer());
      if (opts.withoutServiceTime && type.startsWith('application/json')) {
        const json = JSON.parse(out.toString('utf8'));
        delete json.service_time;
        out = Buffer.from(JSON.stringify(json));
      }
      res.writeHead(answer.status, {
        'content-type': type,
        date: new Date(Date.now() + (opts.dateOffsetMs ?? 0)).toUTCString(),
      });
      res.end(out);
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    rules,
    seen,
    count: (key: string) => seen.filter((k) => k === key).length,
    close: () => new Promise((r) => server.close(r)),
  };
}
