// Only in-app paths survive as the place to go after signing in.
import { describe, expect, it } from 'vitest';
import { safeNext } from './next-path';

describe('safeNext', () => {
  it('keeps a path inside the app', () => {
    expect(safeNext('/api/keys')).toBe('/api/keys');
    expect(safeNext('/invoices/12?tab=fields')).toBe('/invoices/12?tab=fields');
  });

  it('drops another site, a scheme, a relative path and nothing', () => {
    for (const bad of [
      '//evil.example/x',
      '/\\evil.example',
      'https://evil.example',
      'javascript:alert(1)',
      'api',
      '',
      null,
      undefined,
    ])
      expect(safeNext(bad)).toBeUndefined();
  });

  it('drops the start and the sign-in screen, which would lead nowhere after signing in', () => {
    for (const start of ['/', '/?x=1', '/#top', '/sign-in', '/sign-in?next=%2F', '/sign-in/'])
      expect(safeNext(start)).toBeUndefined();
    expect(safeNext('/sign-in-help')).toBe('/sign-in-help');
  });
});
