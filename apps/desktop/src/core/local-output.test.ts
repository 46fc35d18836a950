// Page pictures and exports made from the local store, through the core service: a real SQLite
// store in a temp folder, real files read by the engine, the real writers of packages/exports.
import { copyFileSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { corpusDir, EINVOICE, TEXT_PDF, tempDir, waitFor } from '../test-support/corpus.js';
import { CoreService } from './service.js';
import { MemoryTokenStore } from './token-store.js';

const KOSIT = path.join(
  corpusDir,
  'einvoice/kosit-xrechnung-testsuite/business-cases/standard/01.01a-INVOICE_uncefact.xml',
);

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

async function readInto(files: string[]) {
  const watch = temp('watch');
  const service = new CoreService({ storeDir: temp('store'), tokens: () => new MemoryTokenStore() });
  services.push(service);
  service.setSettings({ folders: [watch] });
  for (const f of files) copyFileSync(f, path.join(watch, path.basename(f)));
  const jobs = await waitFor(
    () => {
      const all = service.listJobs();
      return all.length === files.length && all.every((j) => j.status === 'done' || j.status === 'failed')
        ? all
        : undefined;
    },
    'the files read',
    180_000,
  );
  const byName = (name: string) => jobs.find((j) => j.filename === name)!;
  return { service, watch, byName };
}

describe('page pictures and exports from the local store', () => {
  it('draws a stored PDF page as PNG, refuses XML, a missing page and a moved file', async () => {
    const { service, watch, byName } = await readInto([TEXT_PDF, EINVOICE]);
    const pdf = byName(path.basename(TEXT_PDF));
    const page = await service.pagePicture(pdf.id, 1, 600);
    if (!page.ok) throw new Error(page.message);
    const png = Buffer.from(page.base64, 'base64');
    expect(png.subarray(1, 4).toString()).toBe('PNG');
    expect(page.width).toBe(600);
    expect(await service.pagePicture(pdf.id, 99)).toMatchObject({ ok: false, code: 'page_not_found' });
    const xml = byName(path.basename(EINVOICE));
    expect(await service.pagePicture(xml.id, 1)).toMatchObject({ ok: false, code: 'no_page' });
    expect(await service.pagePicture(12345, 1)).toMatchObject({
      ok: false,
      status: 404,
      code: 'job_not_found',
    });

    renameSync(path.join(watch, path.basename(TEXT_PDF)), path.join(temp('elsewhere'), 'x.pdf'));
    const gone = await service.pagePicture(pdf.id, 1);
    expect(gone).toMatchObject({ ok: false, status: 404, code: 'file_missing' });
    expect(gone.ok === false && gone.message).toContain(pdf.path);
  });

  it('writes DATEV, 1C and e-invoices of stored jobs; refusals name the job and field', async () => {
    // The e-invoice without its deliver-to party: an intra-community supply that names no
    // deliver-to country, which no one but the seller can give.
    const noDeliverTo = path.join(temp('source'), path.basename(EINVOICE));
    writeFileSync(
      noDeliverTo,
      readFileSync(EINVOICE, 'utf8').replace(/<ram:ShipToTradeParty>[\s\S]*?<\/ram:ShipToTradeParty>/, ''),
    );
    const { service, byName } = await readInto([noDeliverTo, KOSIT]);
    const job = byName(path.basename(EINVOICE));
    const settings = { ...service.getLedgerSettings(), consultant_no: '1001', client_no: '42' };
    expect(service.setLedgerSettings(settings)).toEqual(settings);
    expect(service.getLedgerSettings()).toEqual(settings);
    expect(() => service.setLedgerSettings({ ...settings, account: 'x'.repeat(11) })).toThrow(/account/);

    const datev = await service.exportLedger('ledger-de', [job.id], settings);
    if (!datev.ok) throw new Error(datev.message);
    expect(datev.filename).toMatch(/\.csv$/);
    const csv = Buffer.from(datev.base64, 'base64').toString('latin1');
    expect(csv.startsWith('"EXTF"')).toBe(true);
    expect(csv).toContain(job.fields.invoice_no!);

    const ru = await service.exportLedger('ledger-ru', [job.id], settings);
    expect(ru.ok).toBe(true);
    const kosit = byName(path.basename(KOSIT));
    const cii = await service.exportInvoice(kosit.id, 'xrechnung-cii');
    if (!cii.ok) throw new Error(cii.message);
    expect(cii.contentType).toMatch(/xml/);
    const xml = Buffer.from(cii.base64, 'base64').toString('utf8');
    expect(xml).toContain('CrossIndustryInvoice');
    expect(xml).toContain(kosit.fields.invoice_no!);
    // Factur-X says which profile it wrote: this invoice has its lines, so EN 16931.
    expect(await service.exportInvoice(kosit.id, 'facturx')).toMatchObject({
      ok: true,
      profile: 'Factur-X EN 16931',
    });

    expect(await service.exportInvoice(job.id, 'no-such')).toMatchObject({ ok: false, status: 422 });
    expect(await service.exportLedger('ledger-de', [999], settings)).toMatchObject({ code: 'job_not_found' });

    // This invoice's intra-community supply names no deliver-to country: XRechnung refuses to
    // write it, with the same 422 items (job and field) as the server's routes.
    const refusedCii = await service.exportInvoice(job.id, 'xrechnung-cii');
    expect(refusedCii).toMatchObject({ ok: false, status: 422, code: 'validation_error' });
    expect(refusedCii.ok === false && refusedCii.items[0]).toMatchObject({
      type: 'export_refused',
      loc: ['job', job.id, 'vat_breakdown.3'],
    });

    // Peppol asks for participant ids instead of the case's e-mail addresses, as form fields in
    // the app's language; once entered as the job's corrections, the file is written.
    const peppol = await service.exportInvoice(kosit.id, 'peppol-ubl');
    expect(peppol.ok === false && peppol.items.map((i) => i.ctx?.input)).toEqual([
      expect.objectContaining({ key: 'seller_electronic_address', label: 'Seller electronic address' }),
      expect.objectContaining({ key: 'buyer_electronic_address' }),
    ]);
    service.editFields(kosit.id, {
      seller_electronic_address: '0088:4000001000005',
      buyer_electronic_address: '9930:DE136695976',
    });
    expect((await service.exportInvoice(kosit.id, 'peppol-ubl')).ok).toBe(true);

    // The company profile is kept checked, as on the service.
    expect(service.getCompanyProfile().name).toBe('');
    expect(() => service.setCompanyProfile({ ...service.getCompanyProfile(), vat_id: 'DE123' })).toThrow(
      /vat_id/,
    );
    const saved = service.setCompanyProfile({ ...service.getCompanyProfile(), electronic_address: 'a@b.de' });
    expect(saved.electronic_address).toBe('EM:a@b.de');
    expect(service.getCompanyProfile()).toEqual(saved);
  });
});
