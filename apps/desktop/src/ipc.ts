// The typed contract between the renderer, the main process and the core's utility process: the
// methods the preload exposes as `window.invoiceReader`, the settings, and the message shapes the
// main process relays (it only relays: every method runs in the utility process).
import type { DeviceSignIn, SignedIn, SyncReport } from './core/sync.js';

export const LANGS = ['en', 'de', 'ru', 'it'] as const;

export interface Settings {
  /** Watched folders. */
  folders: string[];
  /** Interface language. */
  lang: (typeof LANGS)[number];
  /** The receiving business's country (ISO alpha-2). */
  country: string;
  /** Whether results go to the hosted service (off: nothing leaves the machine). */
  syncEnabled: boolean;
  /** The hosted service's address. */
  server: string;
  /** Where a read file is moved (`done/`, `{seller}/{date}_{no}.pdf`); null: it stays. */
  movePattern: string | null;
}

export const DEFAULT_SETTINGS: Settings = {
  folders: [],
  lang: 'en',
  country: 'de',
  syncEnabled: false,
  server: 'http://localhost:8000',
  movePattern: null,
};

/** A job as the screens show it: the local row with its result parsed. */
export interface JobView {
  id: number;
  status: 'queued' | 'processing' | 'done' | 'failed';
  filename: string;
  path: string;
  country: string;
  mode: string | null;
  pages: number;
  pagesScanned: number;
  error: string | null;
  message: string | null;
  editedAt: string | null;
  remoteJobId: number | null;
  createdAt: string;
  finishedAt: string | null;
  fields: Record<string, string>;
  fieldsDetailed: unknown[];
  document: unknown;
  checks: unknown[];
}

export interface SyncStatus {
  enabled: boolean;
  signedIn: boolean;
  /** Set when no OS keychain could be used: the sign-in lasts until the app quits. */
  notice: string | null;
  waiting: number;
  /** The account (e-mail) this store syncs with; kept after signing out, to notice a switch. */
  account: string | null;
  /**
   * Set when the last sign-in was another account than the one this store synced with: the earlier
   * account's job numbers and cursor were forgotten and every local result is sent to the new one.
   */
  switchedFrom: string | null;
}

/** A refusal that crosses the IPC whole, in the shape of the server's answers (422 with items). */
export interface LocalRefusal {
  ok: false;
  status: number;
  code: string;
  /** `ctx.input`: for an export's refusal, the form field a person can give the value in. */
  items: { type: string; loc: (string | number)[]; msg: string; ctx?: Record<string, unknown> }[];
  message: string;
}

/** A job added or read again (`duplicate`: the same content was in the store already), or why not. */
export type JobAnswer = { ok: true; job: JobView; duplicate: boolean } | LocalRefusal;

/** A deleted invoice: whether its file was removed, and whether it was deleted on the service too. */
export type DeleteAnswer =
  | { ok: true; deleted: number; fileRemoved: boolean; onService: boolean }
  | LocalRefusal;

/** A page of a stored job as PNG (base64: it crosses the IPC and the test bridge as text). */
export type PagePicture =
  | { ok: true; contentType: 'image/png'; base64: string; width: number; height: number }
  | LocalRefusal;

/** An exported file (base64), or why it was refused. */
export type OutputFile = {
  ok: true;
  filename: string;
  contentType: string;
  base64: string;
  /** Business terms taken from the company profile (an e-invoice), when any were. */
  fromProfile?: string[];
  /** The profile written where the format has several (`Factur-X BASIC WL`). */
  profile?: string;
};

/** The DATEV numbers and accounts the exports screen remembers (packages/ui LedgerSettings). */
export interface LedgerSettingsView {
  consultant_no: string;
  client_no: string;
  account: string;
  contra_account: string;
  bu_key: string;
  /** The month (1-12) the fiscal year starts in. */
  fiscal_year_start: number;
}

/** The receiving business (packages/ui CompanyProfile): buyer-side values for e-invoice exports. */
export interface CompanyProfileView {
  name: string;
  street: string;
  postcode: string;
  city: string;
  country: string;
  vat_id: string;
  electronic_address: string;
  buyer_reference: string;
}

/** What runs in the utility process, called through the main process. */
export interface CoreMethods {
  listJobs(): JobView[];
  getJob(id: number): JobView | null;
  editFields(id: number, values: Record<string, string>): JobView;
  addFile(name: string, base64: string, country?: string): Promise<JobAnswer>;
  reparse(id: number, country: string): Promise<JobAnswer>;
  deleteJob(id: number): Promise<DeleteAnswer>;
  countries(): string[];
  getSettings(): Settings;
  setSettings(patch: Partial<Settings>): Settings;
  syncStatus(): SyncStatus;
  startSignIn(email: string): Promise<void>;
  finishSignIn(linkOrToken: string): Promise<SignedIn>;
  finishSignInWithPin(linkOrToken: string, pin: string): Promise<SignedIn>;
  startDeviceSignIn(): Promise<DeviceSignIn>;
  pollDeviceSignIn(): Promise<{ pending: true } | SignedIn>;
  signOut(): Promise<void>;
  syncNow(): Promise<SyncReport | null>;
  pagePicture(id: number, n: number, width?: number): Promise<PagePicture>;
  exportLedger(
    format: 'ledger-de' | 'ledger-ru',
    ids: number[],
    settings: LedgerSettingsView,
  ): Promise<OutputFile | LocalRefusal>;
  exportInvoice(id: number, format: string): Promise<OutputFile | LocalRefusal>;
  getLedgerSettings(): LedgerSettingsView;
  setLedgerSettings(settings: LedgerSettingsView): LedgerSettingsView;
  getCompanyProfile(): CompanyProfileView;
  setCompanyProfile(profile: CompanyProfileView): CompanyProfileView;
}
export type CoreMethod = keyof CoreMethods;
export const CORE_METHODS: readonly CoreMethod[] = [
  'listJobs',
  'getJob',
  'editFields',
  'addFile',
  'reparse',
  'deleteJob',
  'countries',
  'getSettings',
  'setSettings',
  'syncStatus',
  'startSignIn',
  'finishSignIn',
  'finishSignInWithPin',
  'startDeviceSignIn',
  'pollDeviceSignIn',
  'signOut',
  'syncNow',
  'pagePicture',
  'exportLedger',
  'exportInvoice',
  'getLedgerSettings',
  'setLedgerSettings',
  'getCompanyProfile',
  'setCompanyProfile',
];

/**
 * What the preload exposes: the core's methods (as promises), and what only the main process can
 * do: a folder picker, opening the service's page in the browser, opening the data folder.
 */
export type DesktopApi = {
  [M in CoreMethod]: (...args: Parameters<CoreMethods[M]>) => Promise<Awaited<ReturnType<CoreMethods[M]>>>;
} & {
  chooseFolder(): Promise<string | null>;
  /** Opens an http(s) address in the person's browser (the device sign-in's page). */
  openExternal(url: string): Promise<void>;
  /** Opens the folder of the local store and the added files in the file manager. */
  openDataFolder(): Promise<void>;
  /** Called with each job that changed; answers a function that stops it. */
  onJob(listener: (job: JobView) => void): () => void;
};

/** Main → utility process. */
export interface CoreRequest {
  id: number;
  method: CoreMethod;
  args: unknown[];
}
/** Utility process → main: an answer, or an event for the windows. */
export type CoreMessage =
  | { id: number; ok: true; value: unknown }
  | { id: number; ok: false; error: string }
  | { event: 'job'; job: JobView };

/** IPC channel names (the preload repeats them: a sandboxed preload cannot load this module). */
export const CHANNEL_CALL = 'core:call';
export const CHANNEL_CHOOSE_FOLDER = 'app:choose-folder';
export const CHANNEL_JOB = 'core:job';
export const CHANNEL_OPEN_EXTERNAL = 'app:open-external';
export const CHANNEL_OPEN_DATA_FOLDER = 'app:open-data-folder';

/** The addresses the window may open in the browser: http(s) only (never file: or a scheme). */
export function isWebAddress(url: unknown): url is string {
  return typeof url === 'string' && URL.canParse(url) && /^https?:$/.test(new URL(url).protocol);
}
