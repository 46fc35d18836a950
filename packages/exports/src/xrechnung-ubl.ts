// XRechnung 3.0 in OASIS UBL 2.1 (an Invoice, or a CreditNote for a credit note), written from
// the canonical document. It requires exactly what the CII form does (`xrechnungMissing`): a
// value the invoice lacks makes the export fail with the list of what is missing.
import { withCoreLines } from './cii.js';
import { type ExportFile, type ExportJob, ExportRefused } from './input.js';
import { exportFilename, ublInvoiceXml, ublMissing } from './ubl-invoice.js';
import { XRECHNUNG_CII_ID, xrechnungMissing } from './xrechnung-cii.js';

/** The same specification identifier as in CII: XRechnung 3.0 names one for both syntaxes. */
export const XRECHNUNG_UBL_ID = XRECHNUNG_CII_ID;
const PEPPOL_BILLING_PROFILE = 'urn:fdc:peppol.eu:2017:poacc:billing:01:1.0';

export function writeXrechnungUbl(read: ExportJob): ExportFile {
  const job = withCoreLines(read);
  const missing = [...xrechnungMissing(job), ...ublMissing(job)];
  if (missing.length) throw new ExportRefused(missing);
  const xml = ublInvoiceXml(job.document, {
    customizationId: XRECHNUNG_UBL_ID,
    profileId: PEPPOL_BILLING_PROFILE,
  });
  return {
    filename: exportFilename('xrechnung-ubl', job.document, job.jobId),
    contentType: 'application/xml; charset=utf-8',
    bytes: Buffer.from(xml, 'utf8'),
  };
}
