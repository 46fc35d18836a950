// A path the service has, asked with a method it does not take there, answers 405 with `Allow`;
// a path it does not have stays 404.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../test-support/server.js';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(() => s.stop());

describe('a method the path does not take', () => {
  it('answers 405 method_not_allowed with the methods it does take', async () => {
    const { key } = await s.account('method@example.com');
    for (const [method, path, allow] of [
      ['POST', '/v1/usage', 'GET, HEAD'],
      ['DELETE', '/v1/parse/1', 'GET, HEAD'],
      ['GET', '/v1/parse', 'POST'],
      ['PUT', '/api/v1/parse/7/fields', 'PATCH'],
    ] as const) {
      const r = await fetch(s.url + path, { method, headers: { 'X-Api-Key': key } });
      expect([r.status, r.headers.get('allow'), await r.json()], `${method} ${path}`).toEqual([
        405,
        allow,
        { detail: 'method_not_allowed' },
      ]);
    }
  });

  it('leaves a path the service does not have a 404', async () => {
    for (const path of ['/v1/nowhere', '/v1/parse/1/extra', '/api/v1/nothing']) {
      const r = await fetch(s.url + path, { method: 'POST' });
      expect([r.status, await r.json()], path).toEqual([404, { detail: 'not_found' }]);
    }
  });
});
