// The usage journal: a chart of pages per day (plain SVG, with the same figures as a table for
// screen readers) and every charged job with its sheets and amount.
import { useTranslation } from 'react-i18next';
import { formatDate, formatDateTime, formatMoney, formatNumber } from '../format';
import type { UsageJournal } from '../types';
import { pagesPerDay, type UsageDay } from '../usage-days';
import { useLoad } from '../useLoad';
import { TableScroll } from './TableScroll';
import { useTitle } from './title';

const W = 600;
const H = 160;
const PAD = 24;

function Chart({ days, lang, title }: { days: UsageDay[]; lang: string; title: string }) {
  const max = Math.max(1, ...days.map((d) => d.pages));
  const bar = (W - PAD) / days.length;
  return (
    <svg viewBox={`0 0 ${W} ${H + PAD}`} role="img" aria-labelledby="chart-title" className="chart">
      <title id="chart-title">{title}</title>
      <line x1={PAD} y1={H} x2={W} y2={H} stroke="#6b7280" />
      <text x={0} y={12} fontSize="11" fill="#374151">
        {formatNumber(max, lang)}
      </text>
      {days.map((d, i) => {
        const h = (d.pages / max) * (H - 16);
        return (
          <rect
            key={d.day}
            x={PAD + i * bar + 1}
            y={H - h}
            width={Math.max(1, bar - 2)}
            height={h}
            fill="#1d4ed8"
          >
            <title>{`${formatDate(d.day, lang)}: ${formatNumber(d.pages, lang)}`}</title>
          </rect>
        );
      })}
      <text x={PAD} y={H + 16} fontSize="11" fill="#374151">
        {formatDate(days[0]?.day, lang)}
      </text>
      <text x={W} y={H + 16} fontSize="11" fill="#374151" textAnchor="end">
        {formatDate(days.at(-1)?.day, lang)}
      </text>
    </svg>
  );
}

export function Usage() {
  const { t, i18n } = useTranslation();
  useTitle(t('usage.title'));
  const lang = i18n.language;
  const { data, error } = useLoad<UsageJournal>('/api/v1/api/usage?limit=500');
  const days = data ? pagesPerDay(data.items, new Date()) : [];
  const used = days.filter((d) => d.pages > 0);
  return (
    <section>
      <h1>{t('usage.title')}</h1>
      {error && <p role="alert">{t('common.failed')}</p>}
      {data && (
        <>
          <h2>{t('usage.chartTitle')}</h2>
          <Chart days={days} lang={lang} title={t('usage.chartTitle')} />
          <details>
            <summary>{t('usage.asTable')}</summary>
            {used.length === 0 ? (
              <p>{t('usage.none')}</p>
            ) : (
              <table>
                <thead>
                  <tr>
                    <th scope="col">{t('usage.day')}</th>
                    <th scope="col">{t('usage.pages')}</th>
                  </tr>
                </thead>
                <tbody>
                  {used.map((d) => (
                    <tr key={d.day}>
                      <td>{formatDate(d.day, lang)}</td>
                      <td>{formatNumber(d.pages, lang)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            )}
          </details>
          <h2>{t('usage.journal')}</h2>
          {data.items.length === 0 ? (
            <p>{t('usage.none')}</p>
          ) : (
            <TableScroll label={t('usage.journal')}>
              <table>
                <thead>
                  <tr>
                    <th scope="col">{t('usage.at')}</th>
                    <th scope="col">{t('usage.job')}</th>
                    <th scope="col">{t('usage.pages')}</th>
                    <th scope="col">{t('usage.free')}</th>
                    <th scope="col">{t('usage.amount')}</th>
                  </tr>
                </thead>
                <tbody>
                  {data.items.map((u) => (
                    <tr key={`${u.job_id}-${u.at}`}>
                      <td>{formatDateTime(u.at, lang)}</td>
                      <td>{u.job_id}</td>
                      <td>{formatNumber(u.sheets, lang)}</td>
                      <td>{formatNumber(u.free_sheets, lang)}</td>
                      <td>{formatMoney(u.amount_minor, data.currency, lang)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </TableScroll>
          )}
        </>
      )}
    </section>
  );
}
