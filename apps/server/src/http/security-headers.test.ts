import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, startTestServer, type TestServer } from '../test-support/server.js';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(() => s.stop());

describe('security headers', () => {
  it('sends a CSP that allows only the service own scripts, and the usual hardening headers', async () => {
    for (const path of ['/health', '/api/v1/auth/verify?token=x', '/nowhere']) {
      const r = await fetch(s.url + path);
      const csp = r.headers.get('content-security-policy') ?? '';
      expect(csp, path).toContain("default-src 'self'");
      expect(csp, path).toContain("script-src 'self'");
      expect(csp, path).not.toMatch(/script-src[^;]*unsafe-inline/);
      expect(csp, path).toContain("frame-ancestors 'none'");
      expect(r.headers.get('x-content-type-options')).toBe('nosniff');
      expect(r.headers.get('x-frame-options')).toBe('SAMEORIGIN');
      expect(r.headers.get('referrer-policy')).toBeTruthy();
      expect(r.headers.get('x-powered-by')).toBeNull();
      // On http://127.0.0.1 there is no HSTS: it would pin a browser to HTTPS for localhost.
      expect(r.headers.get('strict-transport-security')).toBeNull();
    }
  });

  it('lets no cache keep an answer of the interfaces', async () => {
    const { key } = await s.account('cache@example.com');
    const session = await s.session('cache@example.com');
    for (const r of [
      await call(s.url, '/v1/usage', { key }),
      await call(s.url, '/v1/parse/1', { key }),
      await call(s.url, '/api/v1/me', { session }),
      await call(s.url, '/api/v1/api/keys', { session, json: { label: 'shown once' } }),
    ])
      expect(r.headers.get('cache-control')).toBe('no-store');
  });

  it('echoes a plain request id and makes one for anything else', async () => {
    const given = await fetch(`${s.url}/health`, { headers: { 'x-request-id': 'abc-123' } });
    expect(given.headers.get('x-request-id')).toBe('abc-123');
    const made = await fetch(`${s.url}/health`, { headers: { 'x-request-id': 'bad id <script>' } });
    expect(made.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });
});
