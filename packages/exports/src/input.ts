// What an export reads of a job: the engine's result (fields with their status, the canonical
// document with a person's corrections already applied) and the job's number, for error messages.
import { confirmedDocument, type Document, type FieldDetail } from '@invoice-reader/engine';

export interface ExportJob {
  jobId: number;
  country: string;
  fields: Record<string, string>;
  fields_detailed: FieldDetail[];
  document: Document;
}

/** A value an export needs and cannot write: the job, the field, and why. */
export interface Refusal {
  job_id: number;
  field: string;
  message: string;
  /**
   * The key a person can give the value under (a field, or a business term of the engine's
   * DOCUMENT_TERMS), kept with the job as an edit; none when no one can supply it here.
   */
  input?: string;
}

export class ExportRefused extends Error {
  constructor(readonly refusals: Refusal[]) {
    super(refusals.map((r) => `job ${r.job_id}: ${r.field}: ${r.message}`).join('; '));
  }
}

/** A file name from the invoice number (or the job's), safe in a Content-Disposition header. */
export const fileStem = (job: ExportJob): string =>
  (job.document.number ?? String(job.jobId)).replace(/[^\w.-]+/g, '_');

export interface ExportFile {
  filename: string;
  contentType: string;
  bytes: Buffer;
  /** The profile written where a format has several (`Factur-X BASIC WL`), for the person exporting. */
  profile?: string;
}

/** The job whose document holds only what the reader confirmed: a value read off a page that is
 * unconfirmed or flagged is left out, so a writer asks for it instead of writing a guess. */
export function confirmedOnly(job: ExportJob): ExportJob {
  return { ...job, document: confirmedDocument(job.document, job.fields_detailed) };
}

/** A confirmed field's value, or a refusal: exports never write a value the reader was not sure of. */
export function confirmed(job: ExportJob, key: string, refusals: Refusal[]): string | undefined {
  const value = job.fields[key];
  if (value) return value;
  const detail = job.fields_detailed.find((d) => d.key === key);
  const why =
    detail?.status === 'flagged'
      ? `read as "${detail.value}" but a check failed (${detail.flags.join(', ')}); correct it first`
      : detail?.status === 'unconfirmed'
        ? `read as "${detail.value}" but not confirmed; confirm or correct it first`
        : 'not found on the invoice; enter it first';
  refusals.push({ job_id: job.jobId, field: key, message: why });
  return undefined;
}

/** One booking line per VAT rate where the document's breakdown adds up, else one for the total. */
export interface RateLine {
  rate: string | null;
  net: string | null;
  vat: string | null;
  gross: string;
}

const cents = (s: string) => Math.round(Number(s) * 100);
const fromCents = (c: number) =>
  `${c < 0 ? '-' : ''}${Math.floor(Math.abs(c) / 100)}.${String(Math.abs(c) % 100).padStart(2, '0')}`;

export function rateLines(job: ExportJob, gross: string): RateLine[] {
  const entries = job.document.vat_breakdown.filter((v) => v.rate && v.taxable && v.tax);
  const total = entries.reduce((a, v) => a + cents(v.taxable!) + cents(v.tax!), 0);
  if (entries.length >= 2 && total === cents(gross))
    return entries.map((v) => ({
      rate: v.rate!,
      net: fromCents(cents(v.taxable!)),
      vat: fromCents(cents(v.tax!)),
      gross: fromCents(cents(v.taxable!) + cents(v.tax!)),
    }));
  const only = entries.length === 1 ? entries[0]!.rate! : null;
  return [{ rate: only, net: job.fields.net_amount || null, vat: job.fields.vat_amount || null, gross }];
}

/** "1234.50" as "1234,50": a decimal comma, no grouping. */
export const decimalComma = (amount: string): string => amount.replace('.', ',');
