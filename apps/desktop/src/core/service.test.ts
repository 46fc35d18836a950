// The service the utility process runs, in plain Node: settings checked and kept across a restart,
// the core following a change of folders, edits through the IPC methods.
import { copyFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { JobView } from '../ipc.js';
import { EINVOICE, tempDir, waitFor } from '../test-support/corpus.js';
import { CoreService } from './service.js';
import { MemoryTokenStore } from './token-store.js';

const dirs: string[] = [];
const services: CoreService[] = [];
afterEach(async () => {
  for (const s of services.splice(0)) await s.stop();
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});
const temp = (n: string) => {
  const d = tempDir(n);
  dirs.push(d);
  return d;
};
const open = (storeDir: string, seen: JobView[] = []) => {
  const s = new CoreService({ storeDir, tokens: () => new MemoryTokenStore(), onJob: (j) => seen.push(j) });
  services.push(s);
  return s;
};

describe('the core service of the utility process', () => {
  it('keeps checked settings, watches the folders it is given, edits through its methods', async () => {
    const storeDir = temp('store');
    const watch = temp('watch');
    const seen: JobView[] = [];
    const service = open(storeDir, seen);
    expect(service.getSettings()).toMatchObject({ folders: [], syncEnabled: false, country: 'de' });
    expect(() => service.setSettings({ country: 'zz' })).toThrow(/country/);
    expect(() => service.setSettings({ server: 'ftp://x' })).toThrow(/server/);
    expect(() => service.setSettings({ lang: 'xx' as 'en' })).toThrow(/lang/);
    await expect(service.startSignIn('a@example.com')).rejects.toThrow(/sync is off/);
    expect(service.setSettings({ folders: [watch], lang: 'de' })).toMatchObject({
      folders: [watch],
      lang: 'de',
    });

    copyFileSync(EINVOICE, path.join(watch, 'e.xml'));
    const done = await waitFor(
      () => service.listJobs().find((j) => j.status === 'done'),
      'the file read',
      120_000,
    );
    expect(done.fields.invoice_no).toBeTruthy();
    expect(seen.some((j) => j.id === done.id && j.status === 'done')).toBe(true);
    expect(service.editFields(done.id, { buyer_name: 'Edited' }).fields.buyer_name).toBe('Edited');
    expect(service.syncStatus()).toMatchObject({
      enabled: false,
      signedIn: false,
      waiting: 1,
      account: null,
      switchedFrom: null,
    });
    await service.stop();
    services.length = 0;

    // Settings and edits outlive a restart.
    const again = open(storeDir);
    expect(again.getSettings()).toMatchObject({ folders: [watch], lang: 'de' });
    expect(again.getJob(done.id)?.fields.buyer_name).toBe('Edited');
    expect(again.setSettings({ syncEnabled: true }).syncEnabled).toBe(true);
    expect(again.syncStatus()).toMatchObject({ enabled: true, signedIn: false });
  });
});
