// Fuzzing the HTTP surface from the OpenAPI description (fast-check): every operation is called
// with generated path parameters, query strings, JSON, form and multipart bodies (files of random
// bytes among them), content types and headers, anonymously, signed in and with an API key. Every answer must be a status the document names for that operation
// (or a refusal every route may give: 401, 403, 404, 413, 429), a server error never, and a JSON
// body with `detail` on a refusal. The server must still answer afterwards, and the database pass
// PRAGMA integrity_check. FUZZ_SCALE multiplies the runs.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { repoRoot, startTestServer, type TestServer } from '../test-support/server.js';
import { sqlRow } from '../test-support/sql.js';

interface Op {
  method: string;
  template: string;
  statuses: Set<number>;
  params: Array<{ name: string; in: string }>;
  /** How the operation is meant to be called: with an API key, a session, or by anyone. */
  security: 'key' | 'session' | 'public';
}

const doc = JSON.parse(readFileSync(path.join(repoRoot, 'docs/openapi.json'), 'utf8'));
const OPS: Op[] = Object.entries(
  doc.paths as Record<
    string,
    Record<
      string,
      {
        responses: Record<string, unknown>;
        parameters?: Array<{ name: string; in: string }>;
        security?: Array<Record<string, unknown>>;
      }
    >
  >,
).flatMap(([template, item]) =>
  Object.entries(item).map(([method, op]) => ({
    method: method.toUpperCase(),
    template,
    statuses: new Set(Object.keys(op.responses).map(Number)),
    params: op.parameters ?? [],
    security: securityOf(op.security ?? doc.security ?? []),
  })),
);
function securityOf(schemes: Array<Record<string, unknown>>): Op['security'] {
  const names = schemes.flatMap((o) => Object.keys(o));
  return names.includes('ApiKey') ? 'key' : names.length ? 'session' : 'public';
}

const ALWAYS = new Set([401, 403, 404, 413, 429]);
const SCALE = Math.max(0.1, Number(process.env.FUZZ_SCALE) || 1);

let s: TestServer;
let apiKey: string;
beforeAll(async () => {
  // A high limit: the fuzzer sends many requests from one address in a minute.
  s = await startTestServer({ RATE_LIMIT_PER_MINUTE: '100000', AUTH_RATE_LIMIT_PER_MINUTE: '100000' });
  apiKey = (await s.account('fuzz-api@example.com')).key;
});
afterAll(() => s.stop());

const junkString = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.constantFrom(
    '',
    '0',
    '-1',
    '1e309',
    'NaN',
    '%00',
    '../../etc/passwd',
    '<script>',
    "' or 1=1 --",
    'DE',
    'm',
    'y',
    'x'.repeat(300),
  ),
  fc.integer().map(String),
);
const jsonValue = fc.oneof(
  fc.jsonValue({ maxDepth: 3 }),
  fc.dictionary(
    fc.constantFrom(
      'email',
      'token',
      'pin',
      'label',
      'job_ids',
      'plan_code',
      'period',
      'enabled',
      'amount_minor',
      'stars',
      'name',
      'buyer_name',
      'key_id',
      'account',
    ),
    fc.jsonValue({ maxDepth: 2 }),
  ),
);

/** A well-formed multipart body (what a browser or curl sends): a file part of random bytes, some
 * starting like a PDF, PNG, JPEG or XML, and form fields with generated names and values. */
const multipart = fc
  .record({
    head: fc.constantFrom(
      '',
      '%PDF-1.7\n',
      '\x89PNG\r\n\x1a\n',
      '\xff\xd8\xff',
      '<?xml version="1.0"?><Invoice>',
    ),
    bytes: fc.uint8Array({ maxLength: 400 }),
    field: fc.constantFrom('file', 'files', 'upload', 'country', ''),
    filename: junkString,
    fields: fc.array(
      fc.tuple(fc.constantFrom('country', 'mode', 'callback_url', 'source', 'x'), junkString),
      {
        maxLength: 3,
      },
    ),
  })
  .map(({ head, bytes, field, filename, fields }) => {
    const form = new FormData();
    form.append(field, new Blob([Buffer.concat([Buffer.from(head, 'latin1'), bytes])]), filename || 'f');
    for (const [k, v] of fields) form.append(k, v);
    return { type: 'form', form };
  });

const request = fc.record({
  op: fc.constantFrom(...OPS),
  pathValues: fc.array(junkString, { minLength: 3, maxLength: 3 }),
  query: fc.array(fc.tuple(junkString, junkString), { maxLength: 4 }),
  body: fc.oneof(
    fc.constant(undefined),
    jsonValue.map((v) => ({ type: 'application/json', text: JSON.stringify(v) })),
    fc.string({ maxLength: 200 }).map((t) => ({ type: 'application/json', text: t })),
    fc.string({ maxLength: 200 }).map((t) => ({ type: 'text/plain', text: t })),
    fc.string({ maxLength: 200 }).map((t) => ({ type: 'multipart/form-data; boundary=x', text: t })),
    fc.string({ maxLength: 200 }).map((t) => ({ type: 'application/x-www-form-urlencoded', text: t })),
    multipart,
  ),
  // Mostly as the operation is meant to be called, so the generated bodies reach the handlers
  // rather than stop at a 401; sometimes anonymously or with the other kind of credential.
  auth: fc.constantFrom('right', 'right', 'right', 'right', 'none', 'wrong'),
  bearer: fc.boolean(),
  withOrigin: fc.boolean(),
});

describe('HTTP fuzzing from the OpenAPI description', () => {
  it('answers every generated request with a documented status, never a server error', async () => {
    let runs = 0;
    const tally: Record<number, number> = {};
    await fc.assert(
      fc.asyncProperty(request, async ({ op, pathValues, query, body, auth, bearer, withOrigin }) => {
        runs++;
        let i = 0;
        const p = op.template.replace(/\{(\w+)\}/g, () => encodeURIComponent(pathValues[i++ % 3]!));
        const qs = query.map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`).join('&');
        const headers: Record<string, string> = {};
        // A fresh session each time: a generated request may sign the last one out or delete its account.
        const person = await s.session('fuzz@example.com');
        const as =
          auth === 'none'
            ? 'public'
            : auth === 'right'
              ? op.security
              : op.security === 'key'
                ? 'session'
                : 'key';
        if (as === 'key') headers['x-api-key'] = apiKey;
        if (as === 'session' && bearer) headers.authorization = `Bearer ${person.token}`;
        if (as === 'session' && !bearer) {
          headers.cookie = person.cookie;
          if (withOrigin) headers.origin = s.publicUrl;
        }
        // A FormData body brings its own content type with the boundary.
        if (body && 'text' in body) headers['content-type'] = body.type;
        const payload = body && ('form' in body ? body.form : body.text);
        const res = await fetch(`${s.url}${p}${qs ? `?${qs}` : ''}`, {
          method: op.method,
          headers,
          redirect: 'manual',
          ...(payload !== undefined && op.method !== 'GET' ? { body: payload } : {}),
        });
        const text = await res.text();
        tally[res.status] = (tally[res.status] ?? 0) + 1;
        const where = `${op.method} ${p}?${qs} -> ${res.status} ${text.slice(0, 200)}`;
        expect(res.status, where).toBeLessThan(500);
        expect(op.statuses.has(res.status) || ALWAYS.has(res.status), where).toBe(true);
        if (res.status >= 400 && (res.headers.get('content-type') ?? '').includes('json'))
          expect(JSON.parse(text), where).toHaveProperty('detail');
      }),
      { numRuns: Math.round(1500 * SCALE), seed: 20261124 },
    );
    // Still up, and the database intact: SQLite checks its file; PostgreSQL, which guards its own
    // pages, still answers a read of the accounts.
    expect((await fetch(`${s.url}/health`)).status).toBe(200);
    if (s.db.engine === 'sqlite')
      expect(await sqlRow(s.db, 'pragma integrity_check')).toEqual({ integrity_check: 'ok' });
    else expect(typeof (await sqlRow(s.db, 'select count(*) as n from accounts'))?.n).toBe('number');
    console.log(`HTTP fuzz: ${runs} requests over ${OPS.length} operations: ${JSON.stringify(tally)}`);
    // The generated requests reach the handlers: some succeed and some fail validation.
    expect(tally[200]).toBeGreaterThan(0);
    expect(tally[422]).toBeGreaterThan(0);
    // Most requests carry the credential their operation needs, so they get past authentication.
    expect(tally[401] ?? 0).toBeLessThan(runs / 3);
  }, 300_000);
});
