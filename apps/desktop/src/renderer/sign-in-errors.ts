// A failed sign-in step in words: the core's error (its message is all that crosses the IPC, e.g.
// "the service answered 403: wrong_pin") mapped to the key of a sentence in the person's language.
const BY_CODE: Array<[RegExp, string]> = [
  [/\bwrong_pin\b/, 'signInError.wrongPin'],
  [/\bpin_attempts_exceeded\b/, 'signInError.pinAttempts'],
  [/\bexpired_token\b/, 'signInError.codeExpired'],
  [/\binvalid_token\b/, 'signInError.linkInvalid'],
  [/\brate_limited\b|answered 429/, 'signInError.tooMany'],
  [/sync is off/, 'signInError.syncOff'],
  [/paste the whole link/, 'signInError.pasteLink'],
  [/answered 5\d\d|fetch failed|ECONNREFUSED|ENOTFOUND|timeout|aborted/i, 'signInError.offline'],
];

export function signInErrorKey(err: unknown): string {
  const text = err instanceof Error ? err.message : String(err);
  return BY_CODE.find(([re]) => re.test(text))?.[1] ?? 'signInError.unknown';
}
