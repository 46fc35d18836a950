// The sealed refresh token and the signed consent state: what opens, and what an altered,
// moved or differently-keyed one does instead (it does not open; it is not believed).
import { describe, expect, it } from 'vitest';
import { openToken, sealToken, signState, verifyState } from './token-box.js';

const SECRET = 'a-server-secret-of-at-least-thirty-two-chars';

describe('sealed tokens', () => {
  it('open with the same secret and account only, and never hold the token in clear', () => {
    const token = '1//0gLongRefreshTokenValue-abc_123';
    const sealed = sealToken(SECRET, 7, token);
    expect(sealed.startsWith('v1.')).toBe(true);
    expect(sealed).not.toContain(token);
    expect(sealToken(SECRET, 7, token)).not.toBe(sealed); // a fresh IV each time
    expect(openToken(SECRET, 7, sealed)).toBe(token);
    expect(() => openToken(SECRET, 8, sealed)).toThrow();
    expect(() => openToken(`${SECRET}x`, 7, sealed)).toThrow();
    const [v, iv, tag, ct] = sealed.split('.') as [string, string, string, string];
    const flipped = Buffer.from(ct, 'base64url');
    flipped[0]! ^= 1;
    expect(() => openToken(SECRET, 7, [v, iv, tag, flipped.toString('base64url')].join('.'))).toThrow();
    expect(() => openToken(SECRET, 7, 'not sealed')).toThrow();
  });
});

describe('consent states', () => {
  it('are believed as signed, and not once altered', () => {
    const s = { accountId: 12, nonce: 'abcdefghijklmnopqrstuvwx', expiresAt: 1_800_000_000_000 };
    const state = signState(SECRET, s);
    expect(verifyState(SECRET, state)).toEqual(s);
    expect(verifyState(`${SECRET}x`, state)).toBeUndefined();
    expect(verifyState(SECRET, state.replace(/^12\./, '13.'))).toBeUndefined();
    expect(verifyState(SECRET, state.replace('.1800000000000.', '.1900000000000.'))).toBeUndefined();
    expect(verifyState(SECRET, `${state}x`)).toBeUndefined();
    expect(verifyState(SECRET, '')).toBeUndefined();
  });
});
