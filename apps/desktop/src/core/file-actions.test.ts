// What the window does with files, through the utility process's service in plain Node: files
// added (kept in the app's folder, read, a duplicate answered, bad ones refused as the web's upload
// refuses them), read again for another country (corrections that still pass kept; a gone or
// changed file refused, the earlier reading kept), deleted (the row, the outbox, the file; a
// watched file only while it is the content read), and a synced one deleted on the real service.
import { copyFileSync, existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { TestServer } from '../../../server/src/test-support/server.js';
import type { TestSmtp } from '../../../server/src/test-support/smtp.js';
import type { JobAnswer, JobView } from '../ipc.js';
import {
  call,
  EINVOICE,
  linkIn,
  startTestServer,
  startTestSmtp,
  TEXT_PDF,
  tempDir,
  unreachableUrl,
  waitFor,
} from '../test-support/corpus.js';
import { ADDED_DIR } from './added-files.js';
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
// One token store whatever the server address (a test moves the service's address away and back).
const tokens = new MemoryTokenStore();
const open = (storeDir: string) => {
  const s = new CoreService({ storeDir, tokens: () => tokens });
  services.push(s);
  return s;
};
const b64 = (file: string) => readFileSync(file).toString('base64');
const jobOf = (a: JobAnswer): JobView => {
  if (!a.ok) throw new Error(`refused: ${a.code}`);
  return a.job;
};
const readDone = (service: CoreService, id: number) =>
  waitFor(
    () => {
      const j = service.getJob(id);
      return j && (j.status === 'done' || j.status === 'failed') ? j : undefined;
    },
    `invoice ${id} read`,
    120_000,
  );

describe('files added in the window', () => {
  it('are kept in the app folder and read; a copy answers the earlier job; bad files are refused', async () => {
    const storeDir = temp('store');
    const service = open(storeDir);
    const xml = jobOf(await service.addFile('e.xml', b64(EINVOICE)));
    const pdf = jobOf(await service.addFile('Netpresse.pdf', b64(TEXT_PDF), 'fr'));
    expect(pdf.country).toBe('fr');
    expect((await readDone(service, xml.id)).status).toBe('done');
    expect((await readDone(service, pdf.id)).status).toBe('done');
    expect(service.getJob(xml.id)?.fields.invoice_no).toBeTruthy();
    // The app's own copy of each file, where the page pictures and a new reading find it.
    const kept = readdirSync(path.join(storeDir, ADDED_DIR)).sort();
    expect(kept).toHaveLength(2);
    expect(kept.some((f) => f.endsWith('-Netpresse.pdf'))).toBe(true);
    expect(service.getJob(pdf.id)?.path.startsWith(path.join(storeDir, ADDED_DIR))).toBe(true);

    const again = await service.addFile('copy.xml', b64(EINVOICE));
    expect(again).toMatchObject({ ok: true, duplicate: true, job: { id: xml.id } });
    expect(readdirSync(path.join(storeDir, ADDED_DIR))).toHaveLength(2);

    expect(await service.addFile('empty.pdf', '')).toMatchObject({
      ok: false,
      status: 400,
      code: 'empty_file',
    });
    expect(await service.addFile('notes.docx', b64(EINVOICE))).toMatchObject({
      ok: false,
      status: 415,
      code: 'unsupported_file_type',
    });
    expect(await service.addFile('e.xml', b64(EINVOICE), 'zz')).toMatchObject({
      ok: false,
      code: 'unsupported_country',
    });
    expect(service.listJobs()).toHaveLength(2);
  });

  it('are read again for another country, keeping the corrections that still pass; a gone file is refused', async () => {
    const service = open(temp('store'));
    const xml = jobOf(await service.addFile('e.xml', b64(EINVOICE)));
    await readDone(service, xml.id);
    service.editFields(xml.id, { seller_name: 'Edited Seller GmbH' });
    expect(jobOf(await service.reparse(xml.id, 'FR')).status).toBe('queued');
    const read = await readDone(service, xml.id);
    expect(read).toMatchObject({ status: 'done', country: 'fr' });
    expect(read.fields.seller_name).toBe('Edited Seller GmbH');
    expect(await service.reparse(xml.id, 'zz')).toMatchObject({ ok: false, code: 'unsupported_country' });
    expect(await service.reparse(999, 'de')).toMatchObject({ ok: false, status: 404, code: 'not_found' });

    // The file removed outside the app: refused, and the earlier reading stays as it was.
    rmSync(read.path);
    expect(await service.reparse(xml.id, 'de')).toMatchObject({
      ok: false,
      status: 409,
      code: 'file_missing',
    });
    expect(service.getJob(xml.id)).toMatchObject({ status: 'done', country: 'fr' });
  });

  it('are deleted with their file; a watched file only while it is the content that was read', async () => {
    const storeDir = temp('store');
    const watch = temp('watch');
    const service = open(storeDir);
    const added = jobOf(await service.addFile('e.xml', b64(EINVOICE)));
    await readDone(service, added.id);
    expect(await service.deleteJob(added.id)).toEqual({
      ok: true,
      deleted: added.id,
      fileRemoved: true,
      onService: false,
    });
    expect(service.getJob(added.id)).toBeNull();
    expect(readdirSync(path.join(storeDir, ADDED_DIR))).toEqual([]);
    expect(await service.deleteJob(added.id)).toMatchObject({ ok: false, status: 404 });

    // Two files in a watched folder: one deleted as it is, the other changed since it was read.
    service.setSettings({ folders: [watch] });
    copyFileSync(TEXT_PDF, path.join(watch, 'a.pdf'));
    copyFileSync(EINVOICE, path.join(watch, 'b.xml'));
    const both = await waitFor(
      () => {
        const jobs = service.listJobs();
        return jobs.length === 2 && jobs.every((j) => j.status === 'done') ? jobs : undefined;
      },
      'both watched files read',
      120_000,
    );
    const a = both.find((j) => j.filename === 'a.pdf')!;
    const b = both.find((j) => j.filename === 'b.xml')!;
    expect(await service.deleteJob(a.id)).toMatchObject({ ok: true, fileRemoved: true });
    expect(existsSync(path.join(watch, 'a.pdf'))).toBe(false);
    writeFileSync(path.join(watch, 'b.xml'), `${readFileSync(EINVOICE, 'utf8')}<!-- changed -->`);
    expect(await service.deleteJob(b.id)).toMatchObject({ ok: true, fileRemoved: false });
    expect(existsSync(path.join(watch, 'b.xml'))).toBe(true);
    expect(service.getJob(a.id)).toBeNull();
  });
});

describe('deleting a synced invoice', () => {
  let smtp: TestSmtp;
  let server: TestServer;
  beforeAll(async () => {
    smtp = await startTestSmtp();
    server = await startTestServer({ SMTP_URL: smtp.url, AUTH_RATE_LIMIT_PER_MINUTE: '1000' });
  });
  afterAll(async () => {
    await server?.stop();
    await smtp?.close();
  });

  it('deletes it on the service too, and refuses while the service cannot be reached', async () => {
    const service = open(temp('store'));
    service.setSettings({ syncEnabled: true, server: server.url });
    await service.startSignIn('synced@example.com');
    await service.finishSignIn(linkIn(await smtp.next('synced@example.com')).toString());
    const added = jobOf(await service.addFile('e.xml', b64(EINVOICE)));
    await readDone(service, added.id);
    await service.syncNow();
    const remoteId = service.getJob(added.id)?.remoteJobId;
    expect(remoteId).toBeTypeOf('number');
    expect(service.syncStatus().waiting).toBe(0);
    const token = tokens.get()!;
    expect((await call(server.url, `/api/v1/parse/${remoteId}`, { bearer: token })).status).toBe(200);

    // Offline: nothing is deleted on either side.
    service.setSettings({ server: await unreachableUrl() });
    expect(await service.deleteJob(added.id)).toMatchObject({ ok: false, code: 'service_unreachable' });
    expect(service.getJob(added.id)).not.toBeNull();

    service.setSettings({ server: server.url });
    expect(await service.deleteJob(added.id)).toMatchObject({ ok: true, onService: true, fileRemoved: true });
    expect(service.getJob(added.id)).toBeNull();
    expect((await call(server.url, `/api/v1/parse/${remoteId}`, { bearer: token })).status).toBe(404);
  });
});
