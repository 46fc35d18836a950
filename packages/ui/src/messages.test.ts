import { readFileSync } from 'node:fs';
import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { DataError } from './data.js';
import { UI_NAMESPACE, uiResources } from './i18n/index.js';
import {
  fieldLabel,
  groupRefusals,
  isJobId,
  loadFailure,
  READ_ERROR_CODES,
  readErrorKey,
  refusalsOf,
} from './messages.js';

const i18n = i18next.createInstance();
void i18n.init({
  lng: 'de',
  fallbackLng: 'en',
  ns: [UI_NAMESPACE],
  defaultNS: UI_NAMESPACE,
  resources: Object.fromEntries(Object.entries(uiResources).map(([l, r]) => [l, { [UI_NAMESPACE]: r }])),
  interpolation: { escapeValue: false },
  initAsync: false,
});
const tIn = (lng: string) => i18n.getFixedT(lng, UI_NAMESPACE) as (k: string, o?: object) => string;

describe('failed reads in words', () => {
  it('has a sentence for every code the engine fails with, in every language', () => {
    // The engine's list, read from its source so a new code without a sentence fails here.
    const source = readFileSync(new URL('../../engine/src/errors.ts', import.meta.url), 'utf8');
    const list = /ERROR_CODES = \[([^\]]*)\]/.exec(source)![1]!;
    const engineCodes = [...list.matchAll(/'([a-z_]+)'/g)].map((m) => m[1]);
    expect(engineCodes.length).toBeGreaterThan(20);
    expect([...READ_ERROR_CODES].sort()).toEqual([...engineCodes].sort());
    for (const [lang, texts] of Object.entries(uiResources))
      for (const code of [...READ_ERROR_CODES, 'unknown']) {
        const text = (texts.read_error as Record<string, string>)[code];
        expect(text, `${lang} read_error.${code}`).toMatch(/^\S.{10,}/);
        expect(text).not.toContain(code);
      }
  });

  it('says the code as a sentence, never the code itself', () => {
    expect(tIn('de')(readErrorKey('malformed_xml'))).toBe(uiResources.de.read_error.malformed_xml);
    expect(tIn('de')(readErrorKey('malformed_xml'))).not.toContain('malformed_xml');
    expect(readErrorKey('something_new')).toBe('read_error.unknown');
    expect(readErrorKey(null)).toBe('read_error.unknown');
  });
});

describe('the review screen without an invoice', () => {
  it('tells a missing or deleted invoice from a signed-out person and a failure', () => {
    expect(loadFailure(new DataError(404, 'job_not_found'))).toBe('not_found');
    expect(loadFailure(new DataError(422, 'validation_error'))).toBe('not_found');
    expect(loadFailure(new DataError(401, 'not_authenticated'))).toBe('signed_out');
    expect(loadFailure(new DataError(0, 'network_error'))).toBe('failed');
    expect(loadFailure(new DataError(500, 'internal_error'))).toBe('failed');
    expect(loadFailure(new Error('x'))).toBe('failed');
  });

  it('does not ask for an id the address cannot hold', () => {
    expect(isJobId(Number('abc'))).toBe(false);
    expect(isJobId(0)).toBe(false);
    expect(isJobId(1.5)).toBe(false);
    expect(isJobId(99999)).toBe(true);
  });
});

describe('export refusals in words', () => {
  const items = [
    {
      type: 'export_refused',
      loc: ['job', 9, 'buyer_electronic_address'],
      msg: 'job 9: buyer_electronic_address: BT-49 electronic address scheme IT:SDI (BR-CL-25): not in the EAS code list',
    },
    {
      type: 'export_refused',
      loc: ['job', 9, 'lines.0'],
      msg: 'job 9: lines.0: BT-130 unit XYZ of line 1 (BR-CL-23): not a UN/ECE Rec 20 code',
    },
    {
      type: 'export_refused',
      loc: ['job', 12, 'payment_means'],
      msg: 'job 12: payment_means: BT-81 payment means (BR-DE-1)',
    },
  ];
  const names: Record<number, string> = { 9: 'rechnung-it.xml', 12: 'scan.png' };

  it('labels fields in the reader’s language, list items by their number from 1', () => {
    expect(fieldLabel('buyer_electronic_address', tIn('de'))).toBe('Elektronische Adresse des Käufers');
    expect(fieldLabel('lines.0', tIn('en'))).toBe('line 1');
    expect(fieldLabel('lines.0', tIn('de'))).toBe('Position 1');
    expect(fieldLabel('vat_breakdown.2', tIn('it'))).toBe('riepilogo IVA 3');
    expect(fieldLabel('lines.1.quantity', tIn('en'))).toBe('line 2, quantity');
    expect(fieldLabel('something_else', tIn('en'))).toBe('something_else');
  });

  it('groups reasons by the invoice’s file name, keeps the rule and drops the job number', () => {
    const groups = groupRefusals(refusalsOf(items), (id) => names[id]!, tIn('de'));
    expect(groups).toEqual([
      {
        name: 'rechnung-it.xml',
        reasons: [
          'Elektronische Adresse des Käufers: BT-49 electronic address scheme IT:SDI (BR-CL-25): not in the EAS code list',
          'Position 1: BT-130 unit XYZ of line 1 (BR-CL-23): not a UN/ECE Rec 20 code',
        ],
      },
      { name: 'scan.png', reasons: ['Zahlungsart: BT-81 payment means (BR-DE-1)'] },
    ]);
    expect(JSON.stringify(groups)).not.toMatch(/job \d/);
  });

  it('keeps a message of another form whole, under the invoice asked for', () => {
    const groups = groupRefusals(
      refusalsOf([{ type: 'x', loc: ['body'], msg: 'something else' }]),
      (id) => names[id]!,
      tIn('en'),
      12,
    );
    expect(groups).toEqual([{ name: 'scan.png', reasons: ['something else'] }]);
  });
});
