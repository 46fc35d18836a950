// Corrections merged per field by instant (never by the text of the time), stamped in the
// service's time, and a typed value that wins over the edit the person saw.
import { copyFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { EINVOICE, tempDir } from '../test-support/corpus.js';
import { DesktopCore } from './core.js';
import { applyEdits } from './edits.js';
import { saveClockOffset } from './service-clock.js';
import { editsOf, jobById, type LocalJob } from './store.js';

const cores: DesktopCore[] = [];
const dirs: string[] = [];
afterEach(async () => {
  for (const c of cores.splice(0)) await c.stop();
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

/** A store holding one read e-invoice; `clock` is this machine's clock. */
async function readOne(clock?: () => number) {
  const watchDir = tempDir('watch');
  const storeDir = tempDir('store');
  dirs.push(watchDir, storeDir);
  const core = new DesktopCore({ storeDir, folders: [watchDir], country: 'de', quietMs: 100, clock });
  cores.push(core);
  copyFileSync(EINVOICE, path.join(watchDir, 'a.xml'));
  const [o] = await core.scan();
  await core.drain();
  return { core, id: o!.job.id };
}

const fieldsOf = (j: LocalJob) => JSON.parse(j.result ?? '{}').fields as Record<string, string>;

describe('corrections of a local invoice', () => {
  it('compares times as instants, whatever their ISO form', async () => {
    const { core, id } = await readOne();
    const job = () => jobById(core.db, id)!;
    applyEdits(core.db, job(), { invoice_no: { value: 'HALF-PAST', at: '2026-03-01T10:00:00.500Z' } }, true);
    // Half a second earlier, without milliseconds (sorts after '…00.500Z' as text).
    applyEdits(core.db, job(), { invoice_no: { value: 'NO-MS', at: '2026-03-01T10:00:00Z' } }, true);
    // The same instant as 10:00:00Z, with an offset (sorts after '…T10:…' as text).
    applyEdits(core.db, job(), { invoice_no: { value: 'OFFSET', at: '2026-03-01T11:00:00+01:00' } }, true);
    expect(fieldsOf(job()).invoice_no).toBe('HALF-PAST');
    // Half an hour later, with an offset.
    applyEdits(core.db, job(), { invoice_no: { value: 'LATER', at: '2026-03-01T11:30:00+01:00' } }, true);
    expect(fieldsOf(job()).invoice_no).toBe('LATER');
    // Kept in one form; the job's edit time is the latest instant.
    expect(editsOf(job()).invoice_no).toEqual({ value: 'LATER', at: '2026-03-01T10:30:00.000Z' });
    applyEdits(
      core.db,
      job(),
      { buyer_name: { value: 'Early Buyer', at: '2026-03-01T09:59:59.999Z' } },
      true,
    );
    expect(job().editedAt).toBe('2026-03-01T10:30:00.000Z');
  });

  it("stamps a correction in the service's time, after the edit the person saw", async () => {
    // This machine's clock, ten minutes behind the service's as the last sync measured.
    const machine = Date.parse('2026-03-01T09:50:00.000Z');
    const { core, id } = await readOne(() => machine);
    saveClockOffset(core.db, 10 * 60_000);
    core.edit(id, { invoice_no: 'R-1' });
    expect(editsOf(jobById(core.db, id)!).invoice_no).toEqual({
      value: 'R-1',
      at: '2026-03-01T10:00:00.000Z',
    });
    // A pulled edit with a later time (made on a machine whose clock ran ahead): what the person
    // types over it is still the field's value, stamped just after it.
    applyEdits(
      core.db,
      jobById(core.db, id)!,
      { buyer_name: { value: 'Far', at: '2099-01-01T00:00:00Z' } },
      true,
    );
    const typed = core.edit(id, { buyer_name: 'Typed Buyer' });
    expect(fieldsOf(typed).buyer_name).toBe('Typed Buyer');
    expect(editsOf(typed).buyer_name!.at).toBe('2099-01-01T00:00:00.001Z');
    // An explicit time is taken as it is, and loses to a later edit.
    core.edit(id, { invoice_no: 'OLD' }, '2026-03-01T09:00:00+00:00');
    expect(fieldsOf(jobById(core.db, id)!).invoice_no).toBe('R-1');
  });
});
