// The exports screen: choose read invoices, then download them for DATEV (with the consultant
// and client numbers and accounts remembered per account), for 1C, or each as an e-invoice.
// A refusal lists each invoice (by its file name) and field (by its label) with the rule it broke;
// the e-invoices that could be written are downloaded all the same.
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BusyButton, useBusy } from './BusyButton.js';
import { AppLink, saveFile, useInvoiceUi } from './context.js';
import {
  DataError,
  DEFAULT_LEDGER_SETTINGS,
  type ExportedFile,
  type JobSummary,
  type LedgerSettings,
} from './data.js';
import { exportEach } from './export-each.js';
import { formatAmount, formatDate } from './format.js';
import { UI_NAMESPACE } from './i18n/index.js';
import { groupRefusals, type RefusedInvoice, refusalsOf } from './messages.js';
import { UiStyles } from './styles.js';

/** The e-invoice formats the service writes (the contract's E_INVOICE_FORMATS; kept here so the
 * browser bundle does not carry zod). */
export const EINVOICE_FORMATS = [
  'xrechnung-cii',
  'xrechnung-ubl',
  'peppol-ubl',
  'fatturapa',
  'facturx',
] as const;

/** Each format by the name a bookkeeper knows it by (product names: the same in every language). */
export const EINVOICE_FORMAT_NAMES: Record<(typeof EINVOICE_FORMATS)[number], string> = {
  'xrechnung-cii': 'XRechnung (CII)',
  'xrechnung-ubl': 'XRechnung (UBL)',
  'peppol-ubl': 'Peppol BIS (UBL)',
  fatturapa: 'FatturaPA',
  facturx: 'Factur-X / ZUGFeRD (PDF)',
};
const formatName = (f: string): string => EINVOICE_FORMAT_NAMES[f as keyof typeof EINVOICE_FORMAT_NAMES] ?? f;

const SETTING_KEYS: (keyof LedgerSettings)[] = [
  'consultant_no',
  'client_no',
  'account',
  'contra_account',
  'bu_key',
];

/** What an export did: the files downloaded, and what could not be written and why. */
interface Outcome {
  downloaded: string[];
  problem: string;
  refused: RefusedInvoice[];
}

export function ExportsScreen() {
  const { t, i18n } = useTranslation(UI_NAMESPACE);
  const { data, links, title, signedOut } = useInvoiceUi();
  const [jobs, setJobs] = useState<JobSummary[] | null>(null);
  const [chosen, setChosen] = useState<Set<number>>(new Set());
  const [settings, setSettings] = useState<LedgerSettings>(DEFAULT_LEDGER_SETTINGS);
  const [format, setFormat] = useState<string>(EINVOICE_FORMATS[0]);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  // One export at a time; its button keeps the focus while it runs (BusyButton).
  const { busy, run } = useBusy<'datev' | 'ru' | 'einvoice'>();
  const headingId = useId();

  useEffect(() => {
    data.listJobs().then(
      (list) => setJobs(list.filter((j) => j.status === 'done')),
      (err: unknown) => {
        if (err instanceof DataError && err.status === 401) signedOut?.();
        setJobs([]);
      },
    );
    data.loadLedgerSettings().then(setSettings, () => undefined);
  }, [data, signedOut]);
  useEffect(() => title?.(t('exports.title')), [title, t]);

  const ids = jobs ? jobs.filter((j) => chosen.has(j.job_id)).map((j) => j.job_id) : [];
  const toggle = (id: number) =>
    setChosen((s) => {
      const n = new Set(s);
      if (n.has(id)) n.delete(id);
      else n.add(id);
      return n;
    });

  /** An invoice as the person knows it: its file name (not the service's job number). */
  const nameOf = (id: number) => {
    const j = jobs?.find((x) => x.job_id === id);
    return j?.filename || j?.invoice_no || `#${id}`;
  };
  /** Why an export of `jobId` (or of the chosen ones) failed, by invoice and field. */
  const refusedBy = (err: unknown, jobId?: number): RefusedInvoice[] =>
    err instanceof DataError && err.items.length
      ? groupRefusals(refusalsOf(err.items), nameOf, t, jobId)
      : [{ name: jobId === undefined ? '' : nameOf(jobId), reasons: [t('exports.failed_one')] }];

  const save = (files: ExportedFile[]) => {
    for (const f of files) saveFile(f);
    return files.map((f) => f.filename);
  };

  const start = () => {
    if (!ids.length) {
      setOutcome({ downloaded: [], problem: t('exports.need_selection'), refused: [] });
      return false;
    }
    setOutcome(null);
    return true;
  };

  // One file for all the chosen invoices: written whole or not at all.
  const ledger = async (write: () => Promise<ExportedFile>) => {
    if (!start()) return;
    try {
      setOutcome({ downloaded: save([await write()]), problem: '', refused: [] });
    } catch (err) {
      if (err instanceof DataError && err.status === 401) signedOut?.();
      const refused = err instanceof DataError && err.items.length ? refusedBy(err) : [];
      const problem = refused.length
        ? t('exports.refused')
        : t('exports.failed', { code: err instanceof DataError ? err.code : 'network_error' });
      setOutcome({ downloaded: [], problem, refused });
    }
  };

  const datev = () =>
    run('datev', () =>
      ledger(async () => {
        await data.saveLedgerSettings(settings);
        return data.exportLedger('ledger-de', ids, settings);
      }),
    );
  const ru = () => run('ru', () => ledger(() => data.exportLedger('ledger-ru', ids, settings)));
  // One file per invoice: each is tried, the written ones are downloaded, the others listed.
  const einvoices = () =>
    run('einvoice', async () => {
      if (!start()) return;
      const { files, failed } = await exportEach(ids, (id) => data.exportInvoice(id, format));
      if (failed.some((f) => f.error instanceof DataError && f.error.status === 401)) signedOut?.();
      const refused = failed.flatMap((f) => refusedBy(f.error, f.id));
      setOutcome({
        downloaded: save(files),
        problem: refused.length ? t('exports.refused_list') : '',
        refused,
      });
    });

  const locale = i18n.language;
  return (
    <div className="ir-screen">
      <UiStyles />
      <p>
        <AppLink href={links.list}>{t('review.back')}</AppLink>
      </p>
      <h1>{t('exports.title')}</h1>
      <section aria-labelledby={headingId}>
        <h2 id={headingId}>{t('exports.choose')}</h2>
        {jobs && jobs.length === 0 && <p>{t('exports.none')}</p>}
        {jobs && jobs.length > 0 && (
          <>
            <label>
              <input
                type="checkbox"
                checked={ids.length === jobs.length}
                onChange={(e) => setChosen(new Set(e.target.checked ? jobs.map((j) => j.job_id) : []))}
              />{' '}
              {t('exports.select_all')}
            </label>
            <span aria-live="polite"> {t('exports.selected', { count: ids.length })}</span>
            {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a table wider than a phone scrolls by keyboard too */}
            <section className="ir-table-scroll" aria-label={t('exports.choose')} tabIndex={0}>
              <table className="ir-table">
                <thead>
                  <tr>
                    <th scope="col">
                      <span className="ir-sr">{t('exports.choose')}</span>
                    </th>
                    <th scope="col">{t('list.col.file')}</th>
                    <th scope="col">{t('list.col.seller')}</th>
                    <th scope="col">{t('list.col.number')}</th>
                    <th scope="col">{t('list.col.date')}</th>
                    <th scope="col">{t('list.col.total')}</th>
                    <th scope="col">{t('list.col.flags')}</th>
                  </tr>
                </thead>
                <tbody>
                  {jobs.map((j) => (
                    <tr key={j.job_id}>
                      <td>
                        <input
                          type="checkbox"
                          checked={chosen.has(j.job_id)}
                          onChange={() => toggle(j.job_id)}
                          aria-label={`${j.seller || j.filename} ${j.invoice_no}`.trim()}
                        />
                      </td>
                      <td>{j.filename}</td>
                      <td>{j.seller}</td>
                      <td>{j.invoice_no}</td>
                      <td>{j.invoice_date && formatDate(j.invoice_date, locale)}</td>
                      <td className="ir-num">
                        {j.gross_amount && formatAmount(j.gross_amount, j.currency, locale)}
                      </td>
                      <td>
                        {j.flagged + j.unconfirmed > 0
                          ? t('list.to_check', { flagged: j.flagged, unconfirmed: j.unconfirmed })
                          : t('list.all_fine')}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </section>
          </>
        )}
      </section>
      <section>
        <h2>{t('exports.datev')}</h2>
        <div className="ir-toolbar ir-form">
          {SETTING_KEYS.map((k) => (
            <label key={k}>
              {t(`exports.${k}`)}
              <input
                name={k}
                value={settings[k]}
                maxLength={k === 'consultant_no' || k === 'client_no' ? 20 : 10}
                onChange={(e) => setSettings({ ...settings, [k]: e.target.value })}
              />
            </label>
          ))}
        </div>
        <p>{t('exports.remembered')}</p>
        <BusyButton className="ir-primary" onClick={datev} busy={busy !== null}>
          {t('exports.download_datev')}
        </BusyButton>{' '}
        <BusyButton onClick={ru} busy={busy !== null}>
          {t('exports.download_ru')}
        </BusyButton>
      </section>
      <section>
        <h2>{t('exports.einvoice')}</h2>
        <div className="ir-toolbar">
          <label>
            {t('review.export')}
            <select value={format} onChange={(e) => setFormat(e.target.value)}>
              {EINVOICE_FORMATS.map((f) => (
                <option key={f} value={f}>
                  {formatName(f)}
                </option>
              ))}
            </select>
          </label>
          <BusyButton onClick={einvoices} busy={busy !== null}>
            {t('exports.download_einvoice', { format: formatName(format) })}
          </BusyButton>
        </div>
      </section>
      {/* Says what is under way while an export runs, then what was downloaded. */}
      <p role="status" className="ir-ok" data-testid="exports-status">
        {busy !== null
          ? t('exports.working')
          : outcome && outcome.downloaded.length > 0
            ? t('exports.downloaded', { filename: outcome.downloaded.join(', ') })
            : ''}
      </p>
      {outcome?.problem && (
        <div role="alert" className="ir-error" data-testid="export-refusals">
          <p>{outcome.problem}</p>
          {outcome.refused.length > 0 && (
            <ul>
              {outcome.refused.map((r) => (
                <li key={r.name}>
                  {r.name && <strong>{r.name}</strong>}
                  <ul>
                    {r.reasons.map((m) => (
                      <li key={m}>{m}</li>
                    ))}
                  </ul>
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
    </div>
  );
}
