// The invoice list: upload zone, status filter and search, and a table that keeps itself up to
// date while any invoice is still being read (it polls until none is queued or processing).
import { useCallback, useEffect, useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AppLink, useInvoiceUi } from './context.js';
import { DataError, type JobSummary } from './data.js';
import { anyRunning, filterJobs, type StatusFilter } from './filters.js';
import { formatAmount, formatDate } from './format.js';
import { UI_NAMESPACE } from './i18n/index.js';
import { readErrorKey } from './messages.js';
import { UiStyles } from './styles.js';
import { UploadZone } from './UploadZone.js';

const STATUSES: StatusFilter[] = ['all', 'review', 'queued', 'processing', 'done', 'failed'];
const POLL_MS = 1500;

export function InvoiceList({ country }: { country?: string }) {
  const { t, i18n } = useTranslation(UI_NAMESPACE);
  const { data, links, title, signedOut } = useInvoiceUi();
  const [jobs, setJobs] = useState<JobSummary[] | null>(null);
  const [failed, setFailed] = useState(false);
  const [status, setStatus] = useState<StatusFilter>('all');
  const [query, setQuery] = useState('');
  const headingId = useId();

  const load = useCallback(() => {
    data.listJobs().then(
      (list) => {
        setJobs(list);
        setFailed(false);
      },
      (err: unknown) => {
        if (err instanceof DataError && err.status === 401) signedOut?.();
        setFailed(true);
      },
    );
  }, [data, signedOut]);

  useEffect(load, [load]);
  useEffect(() => title?.(t('list.title')), [title, t]);
  const running = jobs ? anyRunning(jobs) : false;
  // biome-ignore lint/correctness/useExhaustiveDependencies: each new list arms the next poll
  useEffect(() => {
    if (!running) return;
    const timer = setTimeout(load, POLL_MS);
    return () => clearTimeout(timer);
  }, [running, jobs, load]);

  const shown = useMemo(() => (jobs ? filterJobs(jobs, { status, query }) : []), [jobs, status, query]);
  const locale = i18n.language;

  return (
    <div className="ir-screen">
      <UiStyles />
      <h1 id={headingId}>{t('list.title')}</h1>
      <UploadZone country={country} onUploaded={load} />
      <div className="ir-toolbar">
        <label>
          {t('list.filter')}
          <select value={status} onChange={(e) => setStatus(e.target.value as StatusFilter)}>
            {STATUSES.map((s) => (
              <option key={s} value={s}>
                {t(`status.${s}`)}
              </option>
            ))}
          </select>
        </label>
        <label>
          {t('list.search')}
          <input type="search" value={query} onChange={(e) => setQuery(e.target.value)} />
        </label>
        <AppLink href={links.exports}>{t('nav.exports')}</AppLink>
      </div>
      <p aria-live="polite">
        {jobs && t('list.count', { shown: shown.length, total: jobs.length })}
        {running && ` ${t('list.refreshing')}`}
      </p>
      {failed && (
        <p className="ir-error" role="alert">
          {t('list.load_error')}
        </p>
      )}
      {jobs && jobs.length === 0 && <p>{t('list.empty')}</p>}
      {jobs && jobs.length > 0 && shown.length === 0 && <p>{t('list.none_match')}</p>}
      {shown.length > 0 && (
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a table wider than a phone scrolls by keyboard too
        <section className="ir-table-scroll" aria-labelledby={headingId} tabIndex={0}>
          <table className="ir-table" aria-labelledby={headingId}>
            <thead>
              <tr>
                <th scope="col">{t('list.col.file')}</th>
                <th scope="col">{t('list.col.status')}</th>
                <th scope="col">{t('list.col.mode')}</th>
                <th scope="col">{t('list.col.seller')}</th>
                <th scope="col">{t('list.col.number')}</th>
                <th scope="col">{t('list.col.date')}</th>
                <th scope="col">{t('list.col.total')}</th>
                <th scope="col">{t('list.col.flags')}</th>
              </tr>
            </thead>
            <tbody>
              {shown.map((j) => (
                <tr key={j.job_id} data-job-id={j.job_id} data-status={j.status}>
                  <td>
                    <AppLink href={links.invoice(j.job_id)}>{j.filename || `#${j.job_id}`}</AppLink>
                  </td>
                  <td>
                    <span className={`ir-badge ir-st-${j.status}`}>{t(`status.${j.status}`)}</span>
                    {j.error && <div className="ir-error">{t(readErrorKey(j.error))}</div>}
                  </td>
                  <td>{t(`mode.${j.mode ?? 'none'}`)}</td>
                  <td>{j.seller}</td>
                  <td>{j.invoice_no}</td>
                  <td>{j.invoice_date && formatDate(j.invoice_date, locale)}</td>
                  <td className="ir-num">
                    {j.gross_amount && formatAmount(j.gross_amount, j.currency, locale)}
                  </td>
                  <td>
                    {j.status === 'done' &&
                      (j.flagged + j.unconfirmed > 0
                        ? t('list.to_check', { flagged: j.flagged, unconfirmed: j.unconfirmed })
                        : t('list.all_fine'))}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      )}
    </div>
  );
}
