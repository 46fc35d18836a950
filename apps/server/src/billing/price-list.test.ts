// The one price list of the public page and the web app: the visitor's currency, the plans'
// roubles in another currency at the service's rates, and the API's scale.
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config.js';
import { currencyNamed, fromRoubles, priceList, regionOf, visitorCurrency } from './price-list.js';

const config = loadConfig({ DATA_DIR: '/tmp/unused' });

describe('the visitor’s currency', () => {
  it('takes the region of the browser’s first language tag that has one', () => {
    expect(regionOf('en-US,en;q=0.9')).toBe('US');
    expect(regionOf('de,de-AT;q=0.8')).toBe('AT');
    expect(regionOf('ru')).toBe('');
    expect(regionOf(undefined)).toBe('');
  });

  it('is the country’s, else by the language: dollars, roubles, else euros', () => {
    expect(visitorCurrency('en', 'US')).toBe('USD');
    expect(visitorCurrency('de', 'RU')).toBe('RUB');
    expect(visitorCurrency('en', 'GB')).toBe('EUR');
    expect(visitorCurrency('ru', '')).toBe('RUB');
    expect(visitorCurrency('it', '')).toBe('EUR');
  });

  it('is the one asked for by name, in any case, and nothing else', () => {
    expect(currencyNamed('usd')).toBe('USD');
    expect(currencyNamed('GBP')).toBeUndefined();
    expect(currencyNamed(['EUR'])).toBeUndefined();
  });
});

describe('the price list', () => {
  it('charges plans in roubles and shows them at the service’s rates elsewhere', () => {
    expect(fromRoubles(490, 'RUB', config)).toBe(49_000);
    // 490 ₽ at 98.75 ₽/€ is 4.96 €, that at 1.08 $/€ 5.36 $.
    expect(fromRoubles(490, 'EUR', config)).toBe(496);
    expect(fromRoubles(490, 'USD', config)).toBe(536);
  });

  it('has every plan with its features in the language, and the API’s scale in the currency', () => {
    const list = priceList('USD', 'de', config);
    expect(list.plans.map((p) => p.code)).toEqual(['free', 's', 'm', 'l']);
    expect(list.plans[1]).toMatchObject({ monthRub: 490, yearRub: 4_900, monthMinor: 536 });
    expect(list.plans[1]?.features[0]).toBe('50 gescannte Rechnungen pro Zeitraum');
    expect(list.tiers[0]).toEqual({ fromPage: 1, price: expect.closeTo(0.0756, 6) });
    expect(list.tiers[1]?.fromPage).toBe(1_001);
    expect(list.examples[1]).toEqual({ pages: 1_000, minor: 7_560 });
    expect(priceList('RUB', 'ru', config).minTopUpMinor).toBe(79_000);
    expect(list.minTopUpMinor).toBe(864);
  });
});
