// Swico S1 billing information, on the examples of the Swico syntax definition as they appear in
// manuelbl's SwicoExamples (1-6) and in the corpus payloads.

import { describe, expect, it } from 'vitest';
import { parseSwicoS1 } from './swiss-billing.js';

function s1(raw: string) {
  const warnings: string[] = [];
  return { billing: parseSwicoS1(raw, warnings), warnings };
}

describe('parseSwicoS1', () => {
  it('parses every tag of example 1', () => {
    const r = s1('//S1/10/10201409/11/190512/20/1400.000-53/30/106017086/31/180508/32/7.7/40/2:10;0:30');
    expect(r.warnings).toEqual([]);
    expect(r.billing).toEqual({
      invoiceNumber: '10201409',
      invoiceDate: { start: '2019-05-12' },
      customerReference: '1400.000-53',
      vatNumber: 'CHE106017086',
      vatDate: { start: '2018-05-08' },
      vatDetails: [{ rate: '7.7' }],
      paymentConditions: [
        { discount: '2', days: 10 },
        { discount: '0', days: 30 },
      ],
    });
  });

  it('parses several /32/ rates with their net amounts and a /31/ period', () => {
    const r = s1(
      '//S1/10/10104/11/180228/30/395856455/31/180226180227/32/3.7:400.19;7.7:553.39;0:14/40/0:30',
    );
    expect(r.billing).toMatchObject({
      vatDate: { start: '2018-02-26', end: '2018-02-27' },
      vatDetails: [
        { rate: '3.7', amount: '400.19' },
        { rate: '7.7', amount: '553.39' },
        { rate: '0', amount: '14' },
      ],
      paymentConditions: [{ discount: '0', days: 30 }],
    });
  });

  it('parses a single rate:amount pair and /33/ import tax', () => {
    const r = s1('//S1/10/4031202511/11/180107/20/61257233.4/30/105493567/32/8:49.82/33/2.5:14.85/40/0:30');
    expect(r.billing?.vatDetails).toEqual([{ rate: '8', amount: '49.82' }]);
    expect(r.billing?.vatImportTax).toEqual([{ rate: '2.5', amount: '14.85' }]);
    expect(s1('//S1/33/2.5').warnings).toEqual([expect.stringContaining('/33/')]);
  });

  it('unescapes \\/ and \\\\ in values and reads several payment conditions', () => {
    const r = s1(
      '//S1/10/X.66711\\/8824/11/200712/20/MW\\\\2020/30/107978798/32/2.5:117.22/40/3:5;1.5:20;1:40;0:60',
    );
    expect(r.billing).toMatchObject({ invoiceNumber: 'X.66711/8824', customerReference: 'MW\\2020' });
    expect(r.billing?.paymentConditions).toHaveLength(4);
    expect(r.billing?.paymentConditions?.[1]).toEqual({ discount: '1.5', days: 20 });
  });

  it('reads an /11/ pair and says the first date is taken', () => {
    const r = s1('//S1/10/79269/11/200714210713/20/66359/30/109532551/32/7.7/40/0:30');
    expect(r.billing?.invoiceDate).toEqual({ start: '2020-07-14', end: '2021-07-13' });
    expect(r.warnings).toEqual([expect.stringContaining('two dates')]);
  });

  it('drops a ten-digit /11/ (example 6) and impossible dates with a warning', () => {
    expect(s1('//S1/10/802277/11/2007012107').billing).toEqual({ invoiceNumber: '802277' });
    expect(s1('//S1/11/190230').warnings).toEqual([expect.stringContaining('/11/')]);
  });

  it('warns about and drops unknown tags and malformed values instead of failing', () => {
    const r = s1('//S1/01/20170309/11/10201409/20/14000000/22/36958/30/CH106017086/40/1020/41/3010');
    expect(r.billing).toEqual({ customerReference: '14000000' });
    expect(r.warnings).toHaveLength(6);
    expect(s1('//S1/10/1/10/2').warnings).toEqual([expect.stringContaining('repeated')]);
    expect(s1('//S1/10').warnings).toEqual([expect.stringContaining('no value')]);
    expect(s1('//S1/32/7.7;8:100').warnings).toHaveLength(1);
  });

  it('normalises the UID to CHE + 9 digits', () => {
    expect(s1('//S1/30/CHE-106.017.086 MWST').billing?.vatNumber).toBe('CHE106017086');
    expect(s1('//S1/30/CHE106017086').billing?.vatNumber).toBe('CHE106017086');
    expect(s1('//S1/30/10601708').billing?.vatNumber).toBeUndefined();
  });

  it('leaves other syntaxes alone', () => {
    expect(s1('//XY/anything')).toEqual({ billing: undefined, warnings: [] });
  });
});
