// ipcInvoiceData's translations between the core's answers and the screens' data interface: a
// refused edit becomes a 422 with one item per field, a local job becomes the list's row.

import { DataError } from '@invoice-reader/ui';
import { describe, expect, it } from 'vitest';
import type { JobView } from '../ipc.js';
import { base64Of, editErrorOf, fileOf, jobOf, summaryOf } from './ipc-data.js';

describe('editErrorOf', () => {
  it('turns the core EditRefused message, behind Electron prefix, into 422 items per field', () => {
    const err = new Error(
      "Error invoking remote method 'core:call': Error: seller_bic [bic]: not a valid BIC (format); invoice_date: not a date",
    );
    const d = editErrorOf(err);
    expect(d.status).toBe(422);
    expect(d.items).toEqual([
      {
        type: 'value_error',
        loc: ['body', 'seller_bic'],
        msg: 'not a valid BIC (format)',
        ctx: { kind: 'bic' },
      },
      { type: 'value_error', loc: ['body', 'invoice_date'], msg: 'not a date' },
    ]);
  });
  it('keeps any other failure as its message', () => {
    const d = editErrorOf(new Error('the invoice is not read yet'));
    expect(d.status).toBe(0);
    expect(d.code).toBe('the invoice is not read yet');
  });
});

describe('summaryOf', () => {
  it('names seller, number and total, and counts flagged and unconfirmed fields', () => {
    const job = {
      id: 7,
      status: 'done',
      filename: 'a.xml',
      fields: { seller_name: 'ACME', invoice_no: 'F1', gross_amount: '10.00', currency: 'EUR' },
      fieldsDetailed: [{ status: 'flagged' }, { status: 'unconfirmed' }, { status: 'flagged' }],
    } as unknown as JobView;
    const s = summaryOf(job);
    expect(s).toMatchObject({
      job_id: 7,
      seller: 'ACME',
      invoice_no: 'F1',
      gross_amount: '10.00',
      flagged: 2,
      unconfirmed: 1,
    });
  });
});

describe('fileOf', () => {
  it('makes a Blob of the bytes, and a refusal the same 422 DataError as the server answers', async () => {
    const file = fileOf({ ok: true, filename: 'a.csv', contentType: 'text/csv', base64: btoa('EXTF;1') });
    expect(file.filename).toBe('a.csv');
    expect(file.blob.type).toBe('text/csv');
    expect(await file.blob.text()).toBe('EXTF;1');
    const item = {
      type: 'export_refused',
      loc: ['job', 3, 'invoice_no'],
      msg: 'job 3: invoice_no: enter it',
    };
    const refusal = { ok: false as const, status: 422, code: 'validation_error', items: [item], message: '' };
    expect(() => fileOf(refusal)).toThrow(DataError);
    try {
      fileOf(refusal);
    } catch (err) {
      expect(err).toMatchObject({ status: 422, code: 'validation_error', items: [item] });
    }
  });
});

describe('jobOf and base64Of', () => {
  it('answers an added duplicate as the web upload does, and a refusal with its status and code', () => {
    const job = {
      id: 4,
      status: 'done',
      filename: 'a.pdf',
      fields: {},
      fieldsDetailed: [],
    } as unknown as JobView;
    expect(jobOf({ ok: true, job, duplicate: true })).toMatchObject({ job_id: 4, duplicate: true });
    expect(jobOf({ ok: true, job, duplicate: false })).not.toHaveProperty('duplicate');
    const refused = {
      ok: false as const,
      status: 413,
      code: 'file_too_large',
      items: [],
      message: 'too large',
    };
    expect(() => jobOf(refused)).toThrow(expect.objectContaining({ status: 413, code: 'file_too_large' }));
  });
  it('encodes bytes larger than one slice the same as Node does', () => {
    const bytes = Uint8Array.from({ length: 100_000 }, (_, i) => (i * 7) % 256);
    expect(base64Of(bytes)).toBe(Buffer.from(bytes).toString('base64'));
  });
});
