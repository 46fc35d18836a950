// The web application at /app: index.html for every app path (so a reload deep in the app
// works), hashed assets cached for a year, a missing asset 404, and a clear page without a build.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, startTestServer, type TestServer } from '../test-support/server.js';

let built: TestServer;
let bare: TestServer;
let webDir: string;

beforeAll(async () => {
  webDir = mkdtempSync(path.join(tmpdir(), 'ir-web-'));
  mkdirSync(path.join(webDir, 'assets'));
  writeFileSync(
    path.join(webDir, 'index.html'),
    '<!doctype html><title>app</title><script type="module" src="/app/assets/index-abc123.js"></script>',
  );
  writeFileSync(path.join(webDir, 'assets/index-abc123.js'), 'console.log("app")');
  built = await startTestServer({ WEB_DIR: webDir });
  bare = await startTestServer({ WEB_DIR: path.join(webDir, 'absent') });
});
afterAll(async () => {
  await built.stop();
  await bare.stop();
  rmSync(webDir, { recursive: true, force: true });
});

describe('the web application at /app', () => {
  it('answers index.html at /app and at any path under it, revalidated each time', async () => {
    for (const p of ['/app', '/app/', '/app/invoices/12', '/app/sign-in?next=%2Fapi']) {
      const r = await call(built.url, p);
      expect(r.status, p).toBe(200);
      expect(r.headers.get('content-type')).toMatch(/text\/html/);
      expect(r.body).toContain('/app/assets/index-abc123.js');
      expect(r.headers.get('cache-control')).toBe('no-cache');
    }
  });

  it('serves hashed assets with a year-long immutable cache and 404s a missing one', async () => {
    const r = await call(built.url, '/app/assets/index-abc123.js');
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toMatch(/javascript/);
    expect(r.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const missing = await call(built.url, '/app/assets/index-gone.js');
    expect(missing.status).toBe(404);
    expect(missing.body.detail).toBe('not_found');
  });

  it('keeps the CSP that allows only the service’s own scripts', async () => {
    const r = await call(built.url, '/app/');
    expect(r.headers.get('content-security-policy')).toContain("script-src 'self'");
  });

  it('says how to build the app when there is no build, without failing', async () => {
    const r = await call(bare.url, '/app/invoices');
    expect(r.status).toBe(404);
    expect(r.body).toContain('npm run build');
    expect((await call(bare.url, '/health')).status).toBe(200);
  });
});
