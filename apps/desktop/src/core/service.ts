// The core as the desktop app's utility process serves it: settings kept in the local store, the
// core restarted when the folders or the country change, sync started when it is switched on,
// and every method of the IPC contract (src/ipc.ts). Plain Node: tested without Electron.
import { hostname } from 'node:os';
import { COUNTRIES, countryOf, shutdownWorkers } from '@invoice-reader/engine';
import {
  type CompanyProfileView,
  type CoreMethods,
  DEFAULT_SETTINGS,
  type DeleteAnswer,
  type JobAnswer,
  type JobView,
  LANGS,
  type LedgerSettingsView,
  type LocalRefusal,
  type OutputFile,
  type PagePicture,
  type Settings,
  type SyncStatus,
} from '../ipc.js';
import { ActionRefused, DesktopCore } from './core.js';
import {
  checkCompanyProfile,
  checkLedgerSettings,
  EMPTY_PROFILE,
  exportInvoice,
  exportLedger,
  pagePicture,
} from './local-output.js';
import {
  allJobs,
  closeStore,
  getSetting,
  jobById,
  type LocalJob,
  openStore,
  outboxRows,
  setSetting,
} from './store.js';
import {
  ACCOUNT_KEY,
  type DeviceSignIn,
  type SignedIn,
  SyncClient,
  SyncError,
  type SyncReport,
} from './sync.js';
import { KeychainTokenStore, type TokenStore } from './token-store.js';

export interface ServiceOptions {
  storeDir: string;
  /** Where the session token is kept (the OS keychain when not given). */
  tokens?: (server: string) => TokenStore;
  /** How often sync runs while on. */
  syncEveryMs?: number;
  log?: (message: string, data?: Record<string, unknown>) => void;
  onJob?: (job: JobView) => void;
}

export function jobView(job: LocalJob): JobView {
  const r = job.result ? JSON.parse(job.result) : {};
  return {
    id: job.id,
    status: job.status,
    filename: job.filename,
    path: job.path,
    country: job.country,
    mode: job.mode,
    pages: job.pages,
    pagesScanned: job.pagesScanned,
    error: job.error,
    message: job.message,
    editedAt: job.editedAt,
    remoteJobId: job.remoteJobId,
    createdAt: job.createdAt,
    finishedAt: job.finishedAt,
    fields: r.fields ?? {},
    fieldsDetailed: r.fields_detailed ?? [],
    document: r.document ?? null,
    checks: r.checks ?? [],
  };
}

/** A settings change checked field by field: a bad value is refused with the reason. */
export function checkSettings(patch: Partial<Settings>, current: Settings): Settings {
  const next = { ...current, ...patch };
  if (!Array.isArray(next.folders) || next.folders.some((f) => typeof f !== 'string' || !f))
    throw new Error('folders: a list of folder paths');
  if (!LANGS.includes(next.lang)) throw new Error(`lang: one of ${LANGS.join(', ')}`);
  if (!countryOf(next.country)) throw new Error(`country: "${next.country}" is not supported`);
  if (!URL.canParse(next.server) || !/^https?:$/.test(new URL(next.server).protocol))
    throw new Error('server: an http(s) address');
  if (next.movePattern !== null && (typeof next.movePattern !== 'string' || !next.movePattern.trim()))
    throw new Error('movePattern: a pattern such as "done/" or "{seller}/{date}_{no}.pdf", or null');
  return { ...next, country: next.country.toLowerCase(), server: next.server.replace(/\/+$/, '') };
}

/** The settings kept in the store (the defaults before the first change, or when unreadable). */
function loadSettings(storeDir: string): Settings {
  const db = openStore(storeDir);
  try {
    const raw = getSetting(db, 'settings');
    return raw ? checkSettings(JSON.parse(raw) as Partial<Settings>, DEFAULT_SETTINGS) : DEFAULT_SETTINGS;
  } catch {
    return DEFAULT_SETTINGS;
  } finally {
    closeStore(db);
  }
}

/** The same defaults as the web's exports screen (packages/ui DEFAULT_LEDGER_SETTINGS). */
const DEFAULT_LEDGER: LedgerSettingsView = {
  consultant_no: '',
  client_no: '',
  account: '1200',
  contra_account: '8400',
  bu_key: '',
  fiscal_year_start: 1,
};

export class CoreService implements CoreMethods {
  private core: DesktopCore;
  private sync: SyncClient | null = null;
  /** The account the store synced with before the last sign-in, when that was another one. */
  private switchedFrom: string | null = null;
  private tokens: TokenStore | null = null;
  private settings: Settings;

  constructor(private readonly opts: ServiceOptions) {
    this.settings = loadSettings(opts.storeDir);
    this.core = this.startCore(this.settings);
    this.applySync();
  }

  listJobs(): JobView[] {
    return allJobs(this.core.db).reverse().map(jobView);
  }

  getJob(id: number): JobView | null {
    const job = jobById(this.core.db, id);
    return job ? jobView(job) : null;
  }

  editFields(id: number, values: Record<string, string>): JobView {
    const edited = jobView(this.core.edit(id, values));
    void this.sync?.kick();
    return edited;
  }

  /** A file dropped on the window or chosen in its dialog (base64: it crosses the IPC as text). */
  async addFile(name: string, base64: string, country?: string): Promise<JobAnswer> {
    if (country !== undefined && !countryOf(country)) return unsupportedCountry(country);
    return answerOf(async () => {
      const added = await this.core.addFile(name, Buffer.from(base64, 'base64'), country?.toLowerCase());
      return { ok: true, job: jobView(added.job), duplicate: added.duplicate };
    });
  }

  /** Reads a stored invoice again, for `country`. */
  async reparse(id: number, country: string): Promise<JobAnswer> {
    if (!countryOf(country)) return unsupportedCountry(country);
    return answerOf(async () => ({
      ok: true,
      job: jobView(await this.core.reread(id, country.toLowerCase())),
      duplicate: false,
    }));
  }

  /**
   * Deletes an invoice here and, when it was synced and this app is signed in, on the service
   * first (the window asked the person to confirm both). Refused while the service cannot be
   * reached, so the two never disagree about a deleted invoice; a job the service no longer has is
   * deleted here all the same.
   */
  async deleteJob(id: number): Promise<DeleteAnswer> {
    const job = jobById(this.core.db, id);
    if (!job) return refusal(404, 'not_found', `no invoice ${id}`);
    let onService = false;
    if (
      job.remoteJobId !== null &&
      this.sync?.signedIn &&
      job.status !== 'queued' &&
      job.status !== 'processing'
    ) {
      try {
        const remote = await this.sync.deleteRemote(job.remoteJobId);
        if (remote === 'offline')
          return refusal(503, 'service_unreachable', 'the service cannot be reached: the invoice is kept');
        onService = remote === 'deleted';
      } catch (err) {
        const code = err instanceof SyncError ? String(err.detail) : 'sync_failed';
        return refusal(err instanceof SyncError ? err.status : 500, code, (err as Error).message);
      }
    }
    return answerOf(async () => {
      const { fileRemoved } = await this.core.remove(id);
      return { ok: true, deleted: id, fileRemoved, onService };
    });
  }

  /** The countries a file can be read for (ISO alpha-2, upper case, as the service lists them). */
  countries(): string[] {
    return COUNTRIES.map((c) => c.code.toUpperCase());
  }

  getSettings(): Settings {
    return this.settings;
  }

  setSettings(patch: Partial<Settings>): Settings {
    const next = checkSettings(patch, this.settings);
    const before = this.settings;
    setSetting(this.core.db, 'settings', JSON.stringify(next));
    this.settings = next;
    const restart =
      JSON.stringify(before.folders) !== JSON.stringify(next.folders) ||
      before.country !== next.country ||
      before.movePattern !== next.movePattern;
    if (restart) void this.restartCore();
    if (before.syncEnabled !== next.syncEnabled || before.server !== next.server) this.applySync();
    return next;
  }

  syncStatus(): SyncStatus {
    return {
      enabled: this.settings.syncEnabled,
      signedIn: !!this.sync?.signedIn,
      notice: this.tokens?.notice ?? null,
      waiting: outboxRows(this.core.db).length,
      account: getSetting(this.core.db, ACCOUNT_KEY) ?? null,
      switchedFrom: this.switchedFrom,
    };
  }

  async startSignIn(email: string): Promise<void> {
    await this.requireSync().startSignIn(email, this.settings.lang);
  }

  /** The pasted link's sign-in; `pinRequired`: the account asks for its PIN (`finishSignInWithPin`). */
  async finishSignIn(linkOrToken: string): Promise<SignedIn> {
    return this.signedIn(await this.requireSync().finishSignIn(linkOrToken));
  }

  async finishSignInWithPin(linkOrToken: string, pin: string): Promise<SignedIn> {
    return this.signedIn(await this.requireSync().finishSignInWithPin(linkOrToken, pin));
  }

  /** A device sign-in: the code to show and the page to open (where a web session confirms it). */
  startDeviceSignIn(): Promise<DeviceSignIn> {
    return this.requireSync().startDeviceSignIn(`Invoice Reader desktop on ${hostname()}`);
  }

  /** Whether the code was confirmed yet; then signed in as from a link. */
  async pollDeviceSignIn(): Promise<{ pending: true } | SignedIn> {
    const answer = await this.requireSync().pollDeviceSignIn();
    return 'pending' in answer ? answer : this.signedIn(answer);
  }

  private signedIn(who: SignedIn): SignedIn {
    if (who.pinRequired) return who;
    this.switchedFrom = who.switchedFrom ?? null;
    void this.sync?.kick();
    return who;
  }

  async signOut(): Promise<void> {
    await this.sync?.signOut();
  }

  async syncNow(): Promise<SyncReport | null> {
    return this.sync ? this.sync.syncOnce() : null;
  }

  pagePicture(id: number, n: number, width?: number): Promise<PagePicture> {
    return pagePicture(this.core.db, id, n, width);
  }

  exportLedger(
    format: 'ledger-de' | 'ledger-ru',
    ids: number[],
    settings: LedgerSettingsView,
  ): Promise<OutputFile | LocalRefusal> {
    return exportLedger(this.core.db, format, ids, settings);
  }

  exportInvoice(id: number, format: string): Promise<OutputFile | LocalRefusal> {
    return exportInvoice(this.core.db, id, format, this.getCompanyProfile(), this.settings.lang);
  }

  /** The receiving business, whose buyer-side values e-invoice exports take (none until saved). */
  getCompanyProfile(): CompanyProfileView {
    const raw = getSetting(this.core.db, 'company');
    return { ...EMPTY_PROFILE, ...(raw ? (JSON.parse(raw) as Partial<CompanyProfileView>) : {}) };
  }

  setCompanyProfile(profile: CompanyProfileView): CompanyProfileView {
    const checked = checkCompanyProfile({ ...EMPTY_PROFILE, ...profile });
    if ('ok' in checked) throw new Error(checked.message);
    setSetting(this.core.db, 'company', JSON.stringify(checked));
    return checked;
  }

  /** The DATEV numbers last used (the exports screen's defaults before the first export). */
  getLedgerSettings(): LedgerSettingsView {
    const raw = getSetting(this.core.db, 'ledger');
    return { ...DEFAULT_LEDGER, ...(raw ? (JSON.parse(raw) as Partial<LedgerSettingsView>) : {}) };
  }

  setLedgerSettings(settings: LedgerSettingsView): LedgerSettingsView {
    const next = { ...DEFAULT_LEDGER, ...settings };
    const bad = checkLedgerSettings(next);
    if (bad) throw new Error(bad.message);
    const kept = Object.fromEntries(
      Object.keys(DEFAULT_LEDGER).map((k) => [k, next[k as keyof LedgerSettingsView]]),
    );
    setSetting(this.core.db, 'ledger', JSON.stringify(kept));
    return kept as unknown as LedgerSettingsView;
  }

  async stop(): Promise<void> {
    await this.sync?.stop();
    await this.core.stop();
    await shutdownWorkers();
  }

  private startCore(settings: Settings): DesktopCore {
    const core = new DesktopCore({
      storeDir: this.opts.storeDir,
      folders: settings.folders,
      country: settings.country,
      movePattern: settings.movePattern,
      ...(this.opts.log ? { log: this.opts.log } : {}),
    });
    core.on('job', (job) => {
      this.opts.onJob?.(jobView(job));
      if (job.status === 'done') void this.sync?.kick();
    });
    if (settings.folders.length) core.watch();
    return core;
  }

  private async restartCore(): Promise<void> {
    await this.sync?.stop();
    await this.core.stop();
    this.core = this.startCore(this.settings);
    this.applySync();
  }

  private applySync(): void {
    void this.sync?.stop();
    this.sync = null;
    if (!this.settings.syncEnabled) return;
    this.tokens = (this.opts.tokens ?? ((server) => new KeychainTokenStore(server)))(this.settings.server);
    this.tokens.get();
    this.sync = new SyncClient({
      db: this.core.db,
      server: this.settings.server,
      tokens: this.tokens,
      ...(this.opts.log ? { log: this.opts.log } : {}),
    });
    this.sync.start(this.opts.syncEveryMs ?? 60_000);
    void this.sync.kick();
  }

  private requireSync(): SyncClient {
    if (!this.sync) throw new Error('sync is off: switch it on in the settings first');
    return this.sync;
  }
}

function refusal(status: number, code: string, message: string): LocalRefusal {
  return { ok: false, status, code, items: [], message };
}

const unsupportedCountry = (country: string): LocalRefusal =>
  refusal(422, 'unsupported_country', `country: "${country}" is not supported`);

/** The core's refusal of a person's request as an answer that crosses the IPC whole. */
async function answerOf<T>(run: () => Promise<T>): Promise<T | LocalRefusal> {
  try {
    return await run();
  } catch (err) {
    if (err instanceof ActionRefused) return refusal(err.status, err.code, err.message);
    throw err;
  }
}
