// The API dashboard: this month's limit, used and left sheets, the end date, the balance with its
// top-up, the active key (its beginning only) and a way to make the first key, shown once.
import { Button } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { api } from '../api';
import { formatDate, formatMoney, formatNumber } from '../format';
import type { Dashboard, NewKey } from '../types';
import { useLoad } from '../useLoad';
import { NewKeyBox } from './NewKeyBox';
import { TopUp } from './TopUp';
import { useTitle } from './title';

export function ApiDashboard() {
  const { t, i18n } = useTranslation();
  useTitle(t('dashboard.title'));
  const lang = i18n.language;
  const { data, error, reload } = useLoad<Dashboard>('/api/v1/api/dashboard');
  const [created, setCreated] = useState<NewKey | null>(null);

  const makeKey = async () => {
    setCreated(await api<NewKey>('/api/v1/api/keys', { json: { label: t('keys.firstLabel') } }));
    await reload();
  };

  return (
    <section className="ir-screen">
      <h1 tabIndex={-1}>{t('dashboard.title')}</h1>
      {error && (
        <p role="alert" className="ir-error">
          {t('common.failed')}
        </p>
      )}
      {created && <NewKeyBox created={created} onDone={() => setCreated(null)} />}
      {data && (
        <>
          <dl className="figures">
            <div>
              <dt>{t('dashboard.limit')}</dt>
              <dd data-testid="limit">{formatNumber(data.limit, lang)}</dd>
            </div>
            <div>
              <dt>{t('dashboard.used')}</dt>
              <dd data-testid="used">{formatNumber(data.used, lang)}</dd>
            </div>
            <div>
              <dt>{t('dashboard.left')}</dt>
              <dd data-testid="left">{formatNumber(data.left, lang)}</dd>
            </div>
            <div>
              <dt>{t('dashboard.endDate')}</dt>
              <dd>{data.end_date ? formatDate(data.end_date, lang) : t('dashboard.noEnd')}</dd>
            </div>
            <div>
              <dt>{t('dashboard.balance')}</dt>
              <dd data-testid="balance">
                {formatMoney(Math.round(Number(data.balance) * 100), data.currency, lang)}
              </dd>
            </div>
          </dl>
          <p className="hint">{t('dashboard.monthEnds', { date: formatDate(data.month_ends, lang) })}</p>
          <TopUp onSettled={reload} />
          <section className="ir-card" aria-labelledby="key-title">
            <h2 id="key-title">{t('dashboard.keyTitle')}</h2>
            {data.key ? (
              <p>
                {t('dashboard.activeKey', { prefix: data.key.prefix, count: data.active_keys })}{' '}
                <Link to="/api/keys">{t('dashboard.manageKeys')}</Link>
              </p>
            ) : (
              !created && (
                <>
                  <p>{t('dashboard.noKey')}</p>
                  <div>
                    <Button onClick={makeKey}>{t('dashboard.makeKey')}</Button>
                  </div>
                </>
              )
            )}
          </section>
        </>
      )}
    </section>
  );
}
