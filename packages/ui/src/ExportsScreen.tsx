// The exports screen: choose read invoices, then download them for DATEV (with the consultant
// and client numbers and accounts remembered per account), for 1C, or each as an e-invoice.
// A refusal lists each invoice (by its file name) and field (by its label) with the rule it broke;
// the e-invoices that could be written are downloaded all the same, and an invoice that lacks
// values a person can give gets a short form (FillInForm): saved with it, then exported again.
import { Checkbox, NativeSelect, TextInput } from '@mantine/core';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BusyButton, useBusy } from './BusyButton.js';
import { AppLink, saveFile, useInvoiceUi } from './context.js';
import { type DataColumn, DataTable } from './DataTable.js';
import {
  DataError,
  DEFAULT_LEDGER_SETTINGS,
  type ExportedFile,
  type JobSummary,
  type LedgerSettings,
} from './data.js';
import { exportEach } from './export-each.js';
import { FillInForm } from './FillInForm.js';
import { fieldErrorsOf, type PendingFill, pendingFillOf } from './fill-in.js';
import { UI_NAMESPACE } from './i18n/index.js';
import { groupRefusals, type RefusedInvoice, refusalsOf } from './messages.js';
import { invoiceColumns, ToCheck, useSortLabel } from './table-cells.js';

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
  facturx: 'Factur-X / ZUGFeRD (PDF: EN 16931, BASIC WL or MINIMUM)',
};
const formatName = (f: string): string => EINVOICE_FORMAT_NAMES[f as keyof typeof EINVOICE_FORMAT_NAMES] ?? f;

const SETTING_KEYS: Exclude<keyof LedgerSettings, 'fiscal_year_start'>[] = [
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
  /** Business terms taken from the company profile, per file downloaded. */
  fromProfile?: string[];
  /** The profiles written, where the format has several (Factur-X without lines: BASIC WL). */
  profiles?: string[];
}

const MONTHS = Array.from({ length: 12 }, (_, i) => i + 1);

export function ExportsScreen() {
  const { t, i18n } = useTranslation(UI_NAMESPACE);
  const { data, links, title, signedOut } = useInvoiceUi();
  const [jobs, setJobs] = useState<JobSummary[] | null>(null);
  const [chosen, setChosen] = useState<Set<number>>(new Set());
  const [settings, setSettings] = useState<LedgerSettings>(DEFAULT_LEDGER_SETTINGS);
  const [format, setFormat] = useState<string>(EINVOICE_FORMATS[0]);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  // One export at a time; its button keeps the focus while it runs (BusyButton).
  const { busy, run } = useBusy<'datev' | 'ru' | 'einvoice' | 'fill'>();
  const headingId = useId();
  const sortLabel = useSortLabel();
  // The part whose buttons ran the last export: what came of it is said there.
  const [place, setPlace] = useState<'ledger' | 'einvoice'>('ledger');
  // Invoices whose e-invoice waits for values a person can give, and what was refused of them.
  const [pending, setPending] = useState<PendingFill[]>([]);
  const [fillErrors, setFillErrors] = useState<Record<number, Record<string, string>>>({});

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
  const profileTerms = (files: ExportedFile[]) => [...new Set(files.flatMap((f) => f.fromProfile ?? []))];
  const profilesOf = (files: ExportedFile[]) => [
    ...new Set(files.flatMap((f) => (f.profile ? [f.profile] : []))),
  ];

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
    setPlace('ledger');
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
      setPlace('einvoice');
      if (!start()) return;
      setPending([]);
      setFillErrors({});
      const { files, failed } = await exportEach(ids, (id) => data.exportInvoice(id, format, i18n.language));
      if (failed.some((f) => f.error instanceof DataError && f.error.status === 401)) signedOut?.();
      // An invoice a short form can complete is asked for its values; the others are listed.
      const fills = failed.map((f) => pendingFillOf(f.id, nameOf(f.id), f.error, t));
      setPending(fills.filter((p): p is PendingFill => !!p));
      const refused = failed.flatMap((f, i) => (fills[i] ? [] : refusedBy(f.error, f.id)));
      setOutcome({
        downloaded: save(files),
        problem: refused.length ? t('exports.refused_list') : '',
        refused,
        fromProfile: profileTerms(files),
        profiles: profilesOf(files),
      });
    });

  // The values typed for one invoice: kept with it as corrections, then its export tried again.
  const fillIn = (p: PendingFill, values: Record<string, string>) =>
    run('fill', async () => {
      setFillErrors((e) => ({ ...e, [p.jobId]: {} }));
      try {
        if (Object.keys(values).length) await data.patchFields(p.jobId, values);
      } catch (err) {
        if (err instanceof DataError && err.status === 401) signedOut?.();
        // A refused value is said under its field; anything else above the button.
        const byKey = fieldErrorsOf(err);
        setFillErrors((e) => ({
          ...e,
          [p.jobId]: Object.keys(byKey).length ? byKey : { '': t('exports.failed_one') },
        }));
        return;
      }
      try {
        const file = await data.exportInvoice(p.jobId, format, i18n.language);
        setPending((list) => list.filter((x) => x.jobId !== p.jobId));
        setOutcome({
          downloaded: save([file]),
          problem: '',
          refused: [],
          fromProfile: profileTerms([file]),
          profiles: profilesOf([file]),
        });
      } catch (err) {
        const next = pendingFillOf(p.jobId, p.name, err, t);
        setPending((list) => list.flatMap((x) => (x.jobId !== p.jobId ? [x] : next ? [next] : [])));
        if (!next)
          setOutcome({
            downloaded: [],
            problem: t('exports.refused_list'),
            refused: refusedBy(err, p.jobId),
          });
      }
    });

  const locale = i18n.language;
  const columns: DataColumn<JobSummary>[] = [
    {
      id: 'choose',
      header: t('exports.choose'),
      hideHeader: true,
      width: '3rem',
      cell: (j) => (
        <Checkbox
          checked={chosen.has(j.job_id)}
          onChange={() => toggle(j.job_id)}
          aria-label={`${j.seller || j.filename} ${j.invoice_no}`.trim()}
        />
      ),
    },
    {
      id: 'file',
      header: t('list.col.file'),
      primary: true,
      truncate: true,
      text: (j) => j.filename,
      sortValue: (j) => j.filename.toLocaleLowerCase(locale),
      cell: (j) => j.filename,
    },
    ...invoiceColumns(t, locale),
    {
      id: 'check',
      header: t('list.col.flags'),
      width: '8.5rem',
      cell: (j) => <ToCheck flagged={j.flagged} unconfirmed={j.unconfirmed} />,
    },
  ];

  // What the last export did is said under the buttons that started it.
  const said = (
    <>
      {/* Says what is under way while an export runs, then what was downloaded. */}
      <p role="status" className="ir-ok ir-small" data-testid="exports-status">
        {busy !== null
          ? t('exports.working')
          : outcome && outcome.downloaded.length > 0
            ? t('exports.downloaded', { filename: outcome.downloaded.join(', ') })
            : ''}
        {busy === null && outcome?.profiles?.length
          ? ` ${t('exports.written_as', { profiles: outcome.profiles.join(', ') })}`
          : ''}
        {busy === null && outcome?.fromProfile?.length
          ? ` ${t('exports.from_profile', { terms: outcome.fromProfile.join(', ') })}`
          : ''}
      </p>
      {outcome?.problem && (
        <div role="alert" className="ir-error ir-refusals" data-testid="export-refusals">
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
    </>
  );

  return (
    <div className="ir-screen">
      <h1 tabIndex={-1}>{t('exports.title')}</h1>
      <section className="ir-card" aria-labelledby={headingId}>
        <div className="ir-head">
          <h2 id={headingId}>{t('exports.choose')}</h2>
          {jobs && jobs.length > 0 && (
            <div className="ir-toolbar">
              <Checkbox
                checked={ids.length === jobs.length}
                indeterminate={ids.length > 0 && ids.length < jobs.length}
                onChange={(e) => setChosen(new Set(e.currentTarget.checked ? jobs.map((j) => j.job_id) : []))}
                label={t('exports.select_all')}
              />
              <span className="ir-muted ir-small" aria-live="polite">
                {t('exports.selected', { count: ids.length })}
              </span>
            </div>
          )}
        </div>
        {jobs && jobs.length === 0 && <p>{t('exports.none')}</p>}
        {jobs && jobs.length > 0 && (
          <DataTable
            columns={columns}
            rows={jobs}
            rowKey={(j) => j.job_id}
            rowAttrs={(j) => ({ 'data-job-id': j.job_id })}
            label={t('exports.choose')}
            sortLabel={sortLabel}
            cardsBelow={760}
          />
        )}
      </section>
      <div className="ir-export-grid">
        <section className="ir-card" aria-labelledby={`${headingId}-datev`}>
          <h2 id={`${headingId}-datev`}>{t('exports.datev')}</h2>
          <div className="ir-form-grid">
            {SETTING_KEYS.map((k) => (
              <TextInput
                key={k}
                name={k}
                label={t(`exports.${k}`)}
                value={settings[k]}
                maxLength={k === 'consultant_no' || k === 'client_no' ? 20 : 10}
                onChange={(e) => setSettings({ ...settings, [k]: e.currentTarget.value })}
              />
            ))}
            <NativeSelect
              name="fiscal_year_start"
              label={t('exports.fiscal_year_start')}
              value={String(settings.fiscal_year_start)}
              onChange={(e) => setSettings({ ...settings, fiscal_year_start: Number(e.currentTarget.value) })}
              data={MONTHS.map((m) => ({
                value: String(m),
                label: new Intl.DateTimeFormat(locale, { month: 'long', timeZone: 'UTC' }).format(
                  new Date(Date.UTC(2000, m - 1, 1)),
                ),
              }))}
            />
          </div>
          <p className="ir-muted ir-small">{t('exports.remembered')}</p>
          <div className="ir-toolbar">
            <BusyButton onClick={datev} busy={busy !== null}>
              {t('exports.download_datev')}
            </BusyButton>
            <BusyButton variant="default" onClick={ru} busy={busy !== null}>
              {t('exports.download_ru')}
            </BusyButton>
          </div>
          {place === 'ledger' && said}
        </section>
        <section className="ir-card" aria-labelledby={`${headingId}-einvoice`}>
          <h2 id={`${headingId}-einvoice`}>{t('exports.einvoice')}</h2>
          <div className="ir-toolbar">
            <NativeSelect
              label={t('review.export')}
              value={format}
              onChange={(e) => setFormat(e.currentTarget.value)}
              data={EINVOICE_FORMATS.map((f) => ({ value: f, label: formatName(f) }))}
              style={{ flex: '1 1 14rem' }}
            />
            <BusyButton variant="default" onClick={einvoices} busy={busy !== null}>
              {t('exports.download_einvoice', { format: formatName(format) })}
            </BusyButton>
          </div>
          {links.company && (
            <p className="ir-muted ir-small">
              {t('exports.company_hint')} <AppLink href={links.company}>{t('company.title')}</AppLink>
            </p>
          )}
          {pending.map((p) => (
            <FillInForm
              key={p.jobId}
              pending={p}
              errors={fillErrors[p.jobId] ?? {}}
              busy={busy !== null}
              onSubmit={(values) => fillIn(p, values)}
            />
          ))}
          {place === 'einvoice' && said}
        </section>
      </div>
    </div>
  );
}
