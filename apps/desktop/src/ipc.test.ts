// The sandboxed preload cannot import src/ipc.ts, so it repeats the method and channel names:
// this keeps the two the same.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  CHANNEL_CALL,
  CHANNEL_CHOOSE_FOLDER,
  CHANNEL_JOB,
  CHANNEL_OPEN_DATA_FOLDER,
  CHANNEL_OPEN_EXTERNAL,
  CORE_METHODS,
  isWebAddress,
} from './ipc.js';

const preload = readFileSync(new URL('./preload/preload.cts', import.meta.url), 'utf8');
const listed = [
  ...(preload.match(/const METHODS: CoreMethod\[\] = \[([^\]]*)\]/)?.[1] ?? '').matchAll(/'(\w+)'/g),
].map((m) => m[1]);

describe('the preload and the IPC contract', () => {
  it('exposes exactly the core methods, on the channels of src/ipc.ts', () => {
    expect(listed).toEqual([...CORE_METHODS]);
    for (const channel of [
      CHANNEL_CALL,
      CHANNEL_CHOOSE_FOLDER,
      CHANNEL_JOB,
      CHANNEL_OPEN_EXTERNAL,
      CHANNEL_OPEN_DATA_FOLDER,
    ])
      expect(preload).toContain(`'${channel}'`);
  });
});

describe('isWebAddress', () => {
  it('lets the window open http(s) pages only', () => {
    expect(isWebAddress('https://invoice-reader.example/app/device?code=KDRT-WXPM')).toBe(true);
    expect(isWebAddress('http://localhost:8000/app/device')).toBe(true);
    for (const bad of ['file:///etc/passwd', 'javascript:alert(1)', 'smb://host/share', 'not a url', 42])
      expect(isWebAddress(bad)).toBe(false);
  });
});
