// The sandboxed preload cannot import src/ipc.ts, so it repeats the method and channel names:
// this keeps the two the same.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { CHANNEL_CALL, CHANNEL_CHOOSE_FOLDER, CHANNEL_JOB, CORE_METHODS } from './ipc.js';

const preload = readFileSync(new URL('./preload/preload.cts', import.meta.url), 'utf8');
const listed = [
  ...(preload.match(/const METHODS: CoreMethod\[\] = \[([^\]]*)\]/)?.[1] ?? '').matchAll(/'(\w+)'/g),
].map((m) => m[1]);

describe('the preload and the IPC contract', () => {
  it('exposes exactly the core methods, on the channels of src/ipc.ts', () => {
    expect(listed).toEqual([...CORE_METHODS]);
    for (const channel of [CHANNEL_CALL, CHANNEL_CHOOSE_FOLDER, CHANNEL_JOB])
      expect(preload).toContain(`'${channel}'`);
  });
});
