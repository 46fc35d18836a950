// The price calculator: a monthly volume of scanned sheets and a country give the month's total,
// the average and the next sheet's price, from /api/v1/api/price (the scale billing charges).
import { NativeSelect, TextInput } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../api';
import { formatMoney, formatNumber } from '../format';
import type { Countries, VolumePrice } from '../types';
import { useLoad } from '../useLoad';
import { useTitle } from './title';

const toMinor = (decimal: string) => Math.round(Number(decimal) * 100);

export function Calculator() {
  const { t, i18n } = useTranslation();
  useTitle(t('calculator.title'));
  const lang = i18n.language;
  const countries = useLoad<Countries>(`/api/v1/api/countries?lang=${lang}`);
  const [sheets, setSheets] = useState(1000);
  const [country, setCountry] = useState('DE');
  const [price, setPrice] = useState<VolumePrice | null>(null);
  const valid = Number.isInteger(sheets) && sheets >= 100 && sheets <= 2_000_000;

  useEffect(() => {
    if (!valid) return;
    let stale = false;
    api<VolumePrice>(`/api/v1/api/price?sheets=${sheets}&country=${country}`).then(
      (p) => {
        if (!stale) setPrice(p);
      },
      () => undefined,
    );
    return () => {
      stale = true;
    };
  }, [sheets, country, valid]);

  return (
    <section className="ir-screen">
      <h1 tabIndex={-1}>{t('calculator.title')}</h1>
      <form onSubmit={(e) => e.preventDefault()} className="ir-card">
        <div className="ir-form-grid">
          <TextInput
            id="sheets"
            label={t('calculator.sheets')}
            description={t('calculator.rule')}
            type="number"
            min={100}
            max={2_000_000}
            step={100}
            value={Number.isNaN(sheets) ? '' : sheets}
            onChange={(e) => setSheets(e.currentTarget.valueAsNumber)}
          />
          <NativeSelect
            id="country"
            label={t('calculator.country')}
            value={country}
            onChange={(e) => setCountry(e.currentTarget.value)}
            data={(countries.data?.countries ?? [{ code: 'DE', name: 'DE' }]).map((c) => ({
              value: c.code,
              label: c.name,
            }))}
          />
        </div>
      </form>
      {price && valid && (
        <dl className="figures" aria-live="polite">
          <div>
            <dt>{t('calculator.total', { sheets: formatNumber(price.sheets, lang) })}</dt>
            <dd data-testid="total">{formatMoney(price.total_minor, price.currency, lang)}</dd>
          </div>
          <div>
            <dt>{t('calculator.average')}</dt>
            <dd>
              {new Intl.NumberFormat(lang, {
                style: 'currency',
                currency: price.currency,
                maximumFractionDigits: 4,
              }).format(Number(price.average_per_sheet))}
            </dd>
          </div>
          <div>
            <dt>{t('calculator.next')}</dt>
            <dd>{formatMoney(toMinor(price.price_per_sheet), price.currency, lang)}</dd>
          </div>
          <div>
            <dt>{t('calculator.minTopUp')}</dt>
            <dd>{formatMoney(price.min_top_up_minor, price.currency, lang)}</dd>
          </div>
        </dl>
      )}
      {price && <p className="hint">{t('calculator.free', { count: price.free_sheets })}</p>}
    </section>
  );
}
