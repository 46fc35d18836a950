// The sign-in step's refusals, as the core's messages reach the window, name the right sentence.
import { describe, expect, it } from 'vitest';
import { signInErrorKey } from './sign-in-errors.js';

describe('signInErrorKey', () => {
  it('names the service refusals, offline, and anything else', () => {
    const ipc = (m: string) => new Error(`Error invoking remote method 'core:call': Error: ${m}`);
    expect(signInErrorKey(ipc('the service answered 403: wrong_pin'))).toBe('signInError.wrongPin');
    expect(signInErrorKey(ipc('the service answered 403: pin_attempts_exceeded'))).toBe(
      'signInError.pinAttempts',
    );
    expect(signInErrorKey(ipc('the service answered 400: expired_token'))).toBe('signInError.codeExpired');
    expect(signInErrorKey(ipc('the service answered 400: invalid_token'))).toBe('signInError.linkInvalid');
    expect(signInErrorKey(ipc('the service answered 429: rate_limited'))).toBe('signInError.tooMany');
    expect(signInErrorKey(ipc('fetch failed'))).toBe('signInError.offline');
    expect(signInErrorKey(ipc('sync is off: switch it on in the settings first'))).toBe(
      'signInError.syncOff',
    );
    expect(signInErrorKey('something else')).toBe('signInError.unknown');
  });
});
