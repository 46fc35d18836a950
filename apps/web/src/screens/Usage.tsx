// The usage journal: a chart of pages per day (plain SVG, with the same figures as a table for
// screen readers) and every charged job with its sheets and amount.
import { type DataColumn, DataTable, useSortLabel } from '@invoice-reader/ui';
import { useTranslation } from 'react-i18next';
import { formatDate, formatDateTime, formatMoney, formatNumber } from '../format';
import type { UsageEntry, UsageJournal } from '../types';
import { pagesPerDay, type UsageDay } from '../usage-days';
import { useLoad } from '../useLoad';
import { useTitle } from './title';

const W = 600;
const H = 160;

/**
 * The bars in SVG; the figures around them (the highest day, the first and last date) in the
 * page's text beside it, so they keep the body's size when the chart shrinks to a phone's width.
 */
function Chart({ days, lang, title }: { days: UsageDay[]; lang: string; title: string }) {
  const top = Math.max(0, ...days.map((d) => d.pages));
  const max = Math.max(1, top);
  const bar = W / days.length;
  return (
    <div className="chart-box">
      {/* The scale's top: said once there is a bar to measure. */}
      {top > 0 && <span>{formatNumber(top, lang)}</span>}
      <svg viewBox={`0 0 ${W} ${H}`} role="img" aria-labelledby="chart-title" className="chart">
        <title id="chart-title">{title}</title>
        <line x1={0} y1={H} x2={W} y2={H} />
        {days.map((d, i) => {
          const h = (d.pages / max) * (H - 8);
          return (
            <rect
              key={d.day}
              x={i * bar + 1}
              y={H - h}
              width={Math.max(1, bar - 2)}
              height={h}
              fill="currentColor"
            >
              <title>{`${formatDate(d.day, lang)}: ${formatNumber(d.pages, lang)}`}</title>
            </rect>
          );
        })}
      </svg>
      <span className="chart-days">
        <span>{formatDate(days[0]?.day, lang)}</span>
        <span>{formatDate(days.at(-1)?.day, lang)}</span>
      </span>
    </div>
  );
}

export function Usage() {
  const { t, i18n } = useTranslation();
  useTitle(t('usage.title'));
  const lang = i18n.language;
  const sortLabel = useSortLabel();
  const { data, error } = useLoad<UsageJournal>('/api/v1/api/usage?limit=500');
  const days = data ? pagesPerDay(data.items, new Date()) : [];
  const used = days.filter((d) => d.pages > 0);
  const currency = data?.currency ?? 'EUR';
  const dayColumns: DataColumn<UsageDay>[] = [
    { id: 'day', header: t('usage.day'), primary: true, cell: (d) => formatDate(d.day, lang) },
    {
      id: 'pages',
      header: t('usage.pages'),
      numeric: true,
      width: '8rem',
      cell: (d) => formatNumber(d.pages, lang),
    },
  ];
  const columns: DataColumn<UsageEntry>[] = [
    {
      id: 'at',
      header: t('usage.at'),
      primary: true,
      nowrap: true,
      sortValue: (u) => u.at,
      cell: (u) => formatDateTime(u.at, lang),
    },
    { id: 'job', header: t('usage.job'), numeric: true, width: '6rem', cell: (u) => u.job_id },
    {
      id: 'pages',
      header: t('usage.pages'),
      numeric: true,
      width: '7rem',
      sortValue: (u) => u.sheets,
      cell: (u) => formatNumber(u.sheets, lang),
    },
    {
      id: 'free',
      header: t('usage.free'),
      numeric: true,
      width: '8rem',
      cell: (u) => formatNumber(u.free_sheets, lang),
    },
    {
      id: 'amount',
      header: t('usage.amount'),
      numeric: true,
      width: '8rem',
      sortValue: (u) => u.amount_minor,
      text: (u) => formatMoney(u.amount_minor, currency, lang),
      cell: (u) => formatMoney(u.amount_minor, currency, lang),
    },
  ];
  return (
    <section className="ir-screen">
      <h1 tabIndex={-1}>{t('usage.title')}</h1>
      {error && (
        <p role="alert" className="ir-error">
          {t('common.failed')}
        </p>
      )}
      {data && (
        <>
          <section className="ir-card" aria-labelledby="chart-heading">
            <h2 id="chart-heading">{t('usage.chartTitle')}</h2>
            <Chart days={days} lang={lang} title={t('usage.chartTitle')} />
            <details>
              <summary>{t('usage.asTable')}</summary>
              {used.length === 0 ? (
                <p>{t('usage.none')}</p>
              ) : (
                <DataTable
                  columns={dayColumns}
                  rows={used}
                  rowKey={(d) => d.day}
                  label={t('usage.asTable')}
                />
              )}
            </details>
          </section>
          <h2 id="journal-heading">{t('usage.journal')}</h2>
          {data.items.length === 0 ? (
            <p>{t('usage.none')}</p>
          ) : (
            <DataTable
              columns={columns}
              rows={data.items}
              rowKey={(u) => `${u.job_id}-${u.at}`}
              labelledBy="journal-heading"
              sortLabel={sortLabel}
            />
          )}
        </>
      )}
    </section>
  );
}
