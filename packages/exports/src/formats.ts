// The e-invoice formats by name, as the routes, the command line and the corpus figures find them:
// a plain table of writer, content type, file extension and whether the format applies to a job.
// A writer takes the job and, when it has one, the job's original PDF (Factur-X keeps its pages);
// it sees only what the reader confirmed (confirmedOnly): the rest it asks for in the fill-in step.
import { writeFacturx } from './facturx.js';
import { writeFatturaPa } from './fatturapa.js';
import { confirmedOnly, type ExportFile, type ExportJob } from './input.js';
import { writePeppolUbl } from './peppol-ubl.js';
import { writeXrechnungCii } from './xrechnung-cii.js';
import { writeXrechnungUbl } from './xrechnung-ubl.js';

export interface ExportFormat {
  /** What the format is, for a person. */
  title: string;
  contentType: string;
  /** Without the dot. */
  extension: string;
  /** Whether the format is meant for this job at all (before any refusal of a missing value). */
  applies: (job: ExportJob) => boolean;
  /** Whether `write` takes the job's original PDF (to keep its pages). */
  usesOriginal?: boolean;
  /** The file, or an ExportRefused naming each missing value. */
  write: (job: ExportJob, original?: Uint8Array) => ExportFile | Promise<ExportFile>;
}

const anyInvoice = () => true;
/** FatturaPA is Italy's exchange format: a seller or buyer in Italy. */
const italian = (job: ExportJob) =>
  job.document.seller.address?.country === 'IT' || job.document.buyer.address?.country === 'IT';

export const EXPORT_FORMATS: Readonly<Record<string, ExportFormat>> = {
  'xrechnung-cii': {
    title: 'XRechnung 3.0 (UN/CEFACT CII)',
    contentType: 'application/xml; charset=utf-8',
    extension: 'xml',
    applies: anyInvoice,
    write: (job) => writeXrechnungCii(confirmedOnly(job)),
  },
  'xrechnung-ubl': {
    title: 'XRechnung 3.0 (UBL 2.1)',
    contentType: 'application/xml; charset=utf-8',
    extension: 'xml',
    applies: anyInvoice,
    write: (job) => writeXrechnungUbl(confirmedOnly(job)),
  },
  'peppol-ubl': {
    title: 'Peppol BIS Billing 3.0 or Self-Billing 3.0 (UBL 2.1)',
    contentType: 'application/xml; charset=utf-8',
    extension: 'xml',
    applies: anyInvoice,
    write: (job) => writePeppolUbl(confirmedOnly(job)),
  },
  fatturapa: {
    title: 'FatturaPA 1.2.2 (FPR12)',
    contentType: 'application/xml; charset=utf-8',
    extension: 'xml',
    applies: italian,
    write: (job) => writeFatturaPa(confirmedOnly(job)),
  },
  facturx: {
    title: 'Factur-X / ZUGFeRD 2.3 (PDF/A-3): EN 16931, or BASIC WL / MINIMUM for an invoice without lines',
    contentType: 'application/pdf',
    extension: 'pdf',
    applies: anyInvoice,
    usesOriginal: true,
    write: (job, original) => writeFacturx(confirmedOnly(job), { original }),
  },
};

export const exportFormat = (name: string): ExportFormat | undefined =>
  Object.hasOwn(EXPORT_FORMATS, name) ? EXPORT_FORMATS[name] : undefined;
