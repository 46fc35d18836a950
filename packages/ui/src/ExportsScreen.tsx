// The exports screen: choose read invoices, then download them for DATEV (with the consultant
// and client numbers and accounts remembered per account), for 1C, or each as an e-invoice.
// A refusal lists each invoice and field the file could not take.
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AppLink, saveFile, useInvoiceUi } from './context.js';
import {
  DataError,
  DEFAULT_LEDGER_SETTINGS,
  type ExportedFile,
  type JobSummary,
  type LedgerSettings,
} from './data.js';
import { formatAmount, formatDate } from './format.js';
import { UI_NAMESPACE } from './i18n/index.js';
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

const SETTING_KEYS: (keyof LedgerSettings)[] = [
  'consultant_no',
  'client_no',
  'account',
  'contra_account',
  'bu_key',
];

interface Outcome {
  ok: boolean;
  text: string;
  items: string[];
}

export function ExportsScreen() {
  const { t, i18n } = useTranslation(UI_NAMESPACE);
  const { data, links } = useInvoiceUi();
  const [jobs, setJobs] = useState<JobSummary[] | null>(null);
  const [chosen, setChosen] = useState<Set<number>>(new Set());
  const [settings, setSettings] = useState<LedgerSettings>(DEFAULT_LEDGER_SETTINGS);
  const [format, setFormat] = useState<string>(EINVOICE_FORMATS[0]);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [busy, setBusy] = useState(false);
  const headingId = useId();

  useEffect(() => {
    data.listJobs().then(
      (list) => setJobs(list.filter((j) => j.status === 'done')),
      () => setJobs([]),
    );
    data.loadLedgerSettings().then(setSettings, () => undefined);
  }, [data]);

  const ids = jobs ? jobs.filter((j) => chosen.has(j.job_id)).map((j) => j.job_id) : [];
  const toggle = (id: number) =>
    setChosen((s) => {
      const n = new Set(s);
      if (n.has(id)) n.delete(id);
      else n.add(id);
      return n;
    });

  const run = async (write: () => Promise<ExportedFile[]>) => {
    if (!ids.length) return setOutcome({ ok: false, text: t('exports.need_selection'), items: [] });
    setBusy(true);
    try {
      const files = await write();
      for (const f of files) saveFile(f);
      setOutcome({
        ok: true,
        text: t('exports.downloaded', { filename: files.map((f) => f.filename).join(', ') }),
        items: [],
      });
    } catch (err) {
      if (err instanceof DataError && err.items.length)
        setOutcome({ ok: false, text: t('exports.refused'), items: err.items.map((i) => i.msg) });
      else
        setOutcome({
          ok: false,
          text: t('exports.failed', { code: err instanceof DataError ? err.code : 'network_error' }),
          items: [],
        });
    } finally {
      setBusy(false);
    }
  };

  const datev = () =>
    run(async () => {
      await data.saveLedgerSettings(settings);
      return [await data.exportLedger('ledger-de', ids, settings)];
    });
  const ru = () => run(async () => [await data.exportLedger('ledger-ru', ids, settings)]);
  const einvoices = () => run(() => Promise.all(ids.map((id) => data.exportInvoice(id, format))));

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
        <button type="button" className="ir-primary" onClick={datev} disabled={busy}>
          {t('exports.download_datev')}
        </button>{' '}
        <button type="button" onClick={ru} disabled={busy}>
          {t('exports.download_ru')}
        </button>
      </section>
      <section>
        <h2>{t('exports.einvoice')}</h2>
        <div className="ir-toolbar">
          <label>
            {t('review.export')}
            <select value={format} onChange={(e) => setFormat(e.target.value)}>
              {EINVOICE_FORMATS.map((f) => (
                <option key={f} value={f}>
                  {f}
                </option>
              ))}
            </select>
          </label>
          <button type="button" onClick={einvoices} disabled={busy}>
            {t('exports.download_einvoice', { format })}
          </button>
        </div>
      </section>
      {outcome && (
        <div role={outcome.ok ? 'status' : 'alert'} className={outcome.ok ? 'ir-ok' : 'ir-error'}>
          <p>{outcome.text}</p>
          {outcome.items.length > 0 && (
            <ul>
              {outcome.items.map((m) => (
                <li key={m}>{m}</li>
              ))}
            </ul>
          )}
        </div>
      )}
    </div>
  );
}
