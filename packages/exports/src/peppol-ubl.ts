// Peppol BIS Billing 3.0 in UBL 2.1, written from the canonical document with the UBL builder
// XRechnung UBL uses. Peppol asks for less than XRechnung (no seller contact, no payment means)
// but for a buyer reference or an order reference, and electronic addresses for both parties.
import { type ExportFile, type ExportJob, ExportRefused, type Refusal } from './input.js';
import { exportFilename, ublInvoiceXml } from './ubl-invoice.js';
import { xrechnungMissing } from './xrechnung-cii.js';

export const PEPPOL_BIS_ID = 'urn:cen.eu:en16931:2017#compliant#urn:fdc:peppol.eu:2017:poacc:billing:3.0';
export const PEPPOL_BIS_PROFILE = 'urn:fdc:peppol.eu:2017:poacc:billing:01:1.0';
/** XRechnung's checks that are the German CIUS's own; the rest are EN 16931's and Peppol's too. */
const XRECHNUNG_ONLY = /BR-DE-|required by XRechnung/;

/** What Peppol BIS Billing 3.0 requires and the document lacks. */
export function peppolMissing(job: ExportJob): Refusal[] {
  const d = job.document;
  const refusals = xrechnungMissing(job).filter((r) => !XRECHNUNG_ONLY.test(r.message));
  if (!d.references.buyer_reference && !d.references.order)
    refusals.push({
      job_id: job.jobId,
      field: 'buyer_reference',
      message:
        'BT-10 buyer reference or BT-13 purchase order reference (PEPPOL-EN16931-R003): neither is on the invoice',
    });
  return refusals;
}

export function writePeppolUbl(job: ExportJob): ExportFile {
  const missing = peppolMissing(job);
  if (missing.length) throw new ExportRefused(missing);
  const xml = ublInvoiceXml(job.document, { customizationId: PEPPOL_BIS_ID, profileId: PEPPOL_BIS_PROFILE });
  return {
    filename: exportFilename('peppol', job.document, job.jobId),
    contentType: 'application/xml; charset=utf-8',
    bytes: Buffer.from(xml, 'utf8'),
  };
}
