import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../test-support/server.js';
import { jsonDepth, MAX_JSON_DEPTH } from './json-body.js';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(() => s.stop());

const post = (body: string) =>
  fetch(`${s.url}/api/v1/leads`, { method: 'POST', headers: { 'content-type': 'application/json' }, body });

describe('JSON bodies', () => {
  it('measures nesting without recursion', () => {
    expect(jsonDepth(1)).toBe(0);
    expect(jsonDepth({ a: [1, { b: 2 }] })).toBe(3);
    expect(jsonDepth(JSON.parse(`${'['.repeat(100_000)}${']'.repeat(100_000)}`))).toBe(MAX_JSON_DEPTH + 1);
  });

  it('answers a deeply nested body with a JSON 422, not an error page', async () => {
    // 5000 levels parse, and echoing them in the error overflowed the serialiser's stack.
    const r = await post(`${'['.repeat(5000)}${']'.repeat(5000)}`);
    expect(r.status).toBe(422);
    expect(r.headers.get('content-type')).toMatch(/application\/json/);
    const body = (await r.json()) as { detail: Array<{ type: string; ctx: { error: string } }> };
    expect(body.detail[0]).toMatchObject({
      type: 'json_invalid',
      ctx: { error: expect.stringMatching(/nested/) },
    });
  });

  it('still echoes the input of an ordinary invalid body', async () => {
    const r = await post(JSON.stringify({ email: 7 }));
    expect(r.status).toBe(422);
    const body = (await r.json()) as { detail: Array<{ loc: unknown[]; input?: unknown }> };
    expect(body.detail.some((d) => d.input !== undefined)).toBe(true);
  });
});
