// The data interface the invoice screens talk to. The web app implements it over HTTP
// (`httpInvoiceData`), the desktop app over IPC to its local store; the screens never know which.
import type {
  CompanyProfile as CompanyProfileSchema,
  FieldDetailOut,
  JobSummary as JobSummarySchema,
  WebJobOut,
  z,
} from '@invoice-reader/contract';

export type JobSummary = z.infer<typeof JobSummarySchema>;
export type WebJob = WebJobOut;
export type FieldDetail = z.infer<typeof FieldDetailOut>;
export type JobStatus = WebJob['status'];

/** Progress of one file's upload, in bytes. */
export interface UploadProgress {
  loaded: number;
  total: number;
}

/** What the DATEV export needs besides the invoices; remembered per account. */
export interface LedgerSettings {
  consultant_no: string;
  client_no: string;
  account: string;
  contra_account: string;
  bu_key: string;
  /** The month (1-12) the fiscal year starts in: one DATEV file per fiscal year. */
  fiscal_year_start: number;
}

export const DEFAULT_LEDGER_SETTINGS: LedgerSettings = {
  consultant_no: '',
  client_no: '',
  account: '1200',
  contra_account: '8400',
  bu_key: '',
  fiscal_year_start: 1,
};

/**
 * The account's own business (the buyer of the invoices it receives): e-invoice exports take the
 * buyer-side values an invoice lacks from it. '' is "not given".
 */
export type CompanyProfile = z.infer<typeof CompanyProfileSchema>;

export const EMPTY_COMPANY_PROFILE: CompanyProfile = {
  name: '',
  street: '',
  postcode: '',
  city: '',
  country: '',
  vat_id: '',
  electronic_address: '',
  buyer_reference: '',
};

/** A value an export asks a person for (`ctx.input` of an `export_refused` item). */
export interface FillInField {
  key: string;
  term: string;
  kind: string;
  label: string;
  hint: string;
  options?: { value: string; label: string }[];
}

export type LedgerFormat = 'ledger-de' | 'ledger-ru';

/** A downloaded file, ready to be saved. */
export interface ExportedFile {
  filename: string;
  blob: Blob;
  /** Business terms taken from the company profile (BT-10, BT-49, ...), when any were. */
  fromProfile?: string[];
  /** The profile written where the format has several (`Factur-X BASIC WL` for an invoice without lines). */
  profile?: string;
}

/** One item of a 422 answer (`HTTPValidationError`). */
export interface ErrorItem {
  type: string;
  loc: (string | number)[];
  msg: string;
  /**
   * What kind of value was refused (`date`, `amount`, `iban`, ...), when the service says; for an
   * export's refusal, the form field a person can give the missing value in.
   */
  ctx?: { kind?: string; input?: FillInField };
}

/**
 * A refused request. `status` is the HTTP status (0 when the server could not be reached),
 * `code` the server's error code (`plan_required`, `job_running`, ...), `items` a 422's details.
 */
export class DataError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    readonly items: ErrorItem[] = [],
  ) {
    super(code);
    this.name = 'DataError';
  }
}

export interface InvoiceData {
  listJobs(): Promise<JobSummary[]>;
  getJob(id: number): Promise<WebJob>;
  /** Resolves with the new (or the earlier, `duplicate`) job; rejects with a DataError. */
  upload(file: File, opts: { country?: string; onProgress?: (p: UploadProgress) => void }): Promise<WebJob>;
  /** Corrections; a 422 rejects with one item per bad key (`loc: ["body", key]`). */
  patchFields(id: number, values: Record<string, string>): Promise<WebJob>;
  /**
   * Corrections of line items and VAT breakdown rows by their place (`lines.0.quantity`,
   * `vat_breakdown.1.tax`); a 422 rejects with one item per refused cell. A host that keeps no
   * such corrections (the desktop app) leaves it out, and the review shows the lines read-only.
   */
  patchLines?(id: number, values: Record<string, string>): Promise<WebJob>;
  reparse(id: number, country?: string): Promise<WebJob>;
  deleteJob(id: number): Promise<void>;
  /**
   * Where else deleting the job deletes it, said in the confirmation: `service` when a host keeps
   * its own copy that is also on the service (the desktop app's synced invoice). Hosts without one
   * leave it out.
   */
  deleteAlso?(id: number): Promise<'service' | null>;
  /**
   * Where the picture of page `n` (from 1) is; `null` when the host has none. A host that fetches
   * the picture first (the desktop app, over IPC) answers a promise of a `data:` URL.
   */
  pageImageUrl(id: number, n: number, width?: number): string | null | Promise<string | null>;
  exportLedger(format: LedgerFormat, jobIds: number[], settings: LedgerSettings): Promise<ExportedFile>;
  /** One job as an e-invoice; a refusal's fill-in form is in `lang` (a host may keep its own). */
  exportInvoice(id: number, format: string, lang?: string): Promise<ExportedFile>;
  /** Countries a file can be read for, named in `lang`. */
  countries(lang: string): Promise<{ code: string; name: string }[]>;
  loadLedgerSettings(): Promise<LedgerSettings>;
  saveLedgerSettings(settings: LedgerSettings): Promise<void>;
  loadCompanyProfile(): Promise<CompanyProfile>;
  /** A 422 rejects with one item per bad key (`loc: ["body", key]`). */
  saveCompanyProfile(profile: CompanyProfile): Promise<CompanyProfile>;
}
