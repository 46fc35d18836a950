// Every e-invoice format writes only what the reader confirmed: a value read off a page and left
// unconfirmed is asked for in the fill-in step, never written.
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { EXPORT_FORMATS } from './formats.js';
import { type ExportJob, ExportRefused } from './input.js';
import { jobOf, kositSuite } from './test-support/corpus-export.js';

/** The job as if its gross had been read off a page below the confidence bar. */
function unconfirmedGross(job: ExportJob): ExportJob {
  const document = structuredClone(job.document);
  document.provenance['totals.gross'] = { source: 'text', reader: 'pdf-text', page: 1, confidence: 0.7 };
  const fields_detailed = job.fields_detailed.map((f) =>
    f.key === 'gross_amount'
      ? {
          ...f,
          status: 'unconfirmed' as const,
          source: 'text' as const,
          confidence: 0.7,
          flags: ['low_confidence'],
        }
      : f,
  );
  return { ...job, document, fields_detailed, fields: { ...job.fields, gross_amount: '' } };
}

describe('e-invoice formats: confirmed values only', () => {
  it('refuses a gross read but not confirmed, naming it, where the clean job is written', async () => {
    const job = (await jobOf(path.join(kositSuite, '01.01a-INVOICE_uncefact.xml')))!;
    expect(job).toBeDefined();
    for (const name of ['xrechnung-cii', 'xrechnung-ubl', 'facturx']) {
      const format = EXPORT_FORMATS[name]!;
      await expect(
        Promise.resolve().then(() => format.write(job)),
        name,
      ).resolves.toBeDefined();
      const refused = await Promise.resolve()
        .then(() => format.write(unconfirmedGross(job)))
        .then(
          () => undefined,
          (e: unknown) => e,
        );
      expect(refused, name).toBeInstanceOf(ExportRefused);
      const gross = (refused as ExportRefused).refusals.find((r) => r.field === 'gross_amount');
      expect(gross?.message, name).toMatch(/not confirmed/);
      expect(gross?.input, name).toBe('gross_amount');
    }
  });
});
