// Swiss QR-bill payloads of the shared corpus: every valid payload parses (and matches the
// expected JSON where its source has one); every invalid case fails with the error its source
// library names, translated into our codes by the tables below.

import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parseSwissQr, type SwissAddress, type SwissQrBill } from './swiss.js';

const repoRoot = fileURLToPath(new URL('../../../../', import.meta.url));
const corpusDir = path.resolve(repoRoot, '../shared/corpus');
const qrDir = path.join(corpusDir, 'qr');

const list = (dir: string) => (existsSync(dir) ? readdirSync(dir).sort() : []);
const readJson = (file: string): unknown => JSON.parse(readFileSync(file, 'utf8'));
/** Suites are collected even when skipped, so reads at collection time must survive a missing corpus. */
const readText = (file: string) => (existsSync(file) ? readFileSync(file, 'utf8') : '');
/** Files below `dir`, as paths relative to it. */
const walk = (dir: string, rel = ''): string[] =>
  list(path.join(dir, rel)).flatMap((n) =>
    statSync(path.join(dir, rel, n)).isDirectory() ? walk(dir, path.join(rel, n)) : [path.join(rel, n)],
  );

function parsed(text: string) {
  const r = parseSwissQr(text);
  if (!r.ok) throw new Error(`${r.error}: ${r.message}`);
  return r;
}
function errorOf(text: string): string {
  const r = parseSwissQr(text);
  return r.ok ? 'ok' : r.error;
}

/** A bill in the shape of smartive's expected JSON (address lines joined the way they print them). */
function smartiveView(b: SwissQrBill) {
  const address = (a: SwissAddress | undefined) =>
    a && {
      address_type: a.type,
      name: a.name,
      address_line_1: a.type === 'S' ? `${a.street ?? ''} ${a.buildingNumber ?? ''}` : (a.addressLine1 ?? ''),
      address_line_2: a.type === 'S' ? `${a.postcode} ${a.town}` : a.addressLine2,
      country: a.country,
    };
  return {
    iban: b.iban,
    recipient_address: address(b.creditor),
    sender_address: address(b.debtor) ?? null,
    amount: b.amount ?? null,
    currency: b.currency,
    reference_type: b.referenceType,
    reference: b.reference ?? null,
    message: b.message ?? null,
    billing_information: b.billingInformation ?? null,
  };
}

// Selected values of SampleQrCodeText.getBillData1..5 (manuelbl upstream), per payload file.
const MANUELBL_SAMPLES: Record<string, Partial<SwissQrBill>> = {
  'sample_qr_code_text_1.txt': { iban: 'CH5800791123000889012', amount: '3949.75', referenceType: 'NON' },
  'sample_qr_code_text_2.txt': {
    iban: 'CH4431999123000889012',
    amount: '1949.75',
    referenceType: 'QRR',
    reference: '210000000003139471430009017',
    message: 'Order dated 18.06.2020',
    alternativeProcedures: ['UV;UltraPay005;12345', 'XY;XYService;54321'],
  },
  'sample_qr_code_text_3.txt': {
    iban: 'CH3709000000304442225',
    message: 'Donnation to the Winterfest campaign',
  },
  'sample_qr_code_text_4.txt': { amount: '199.95', referenceType: 'SCOR', reference: 'RF18539007547034' },
  'sample_qr_code_text_5.txt': { amount: '0.50', referenceType: 'SCOR', reference: 'RF18539007547034' },
};

describe.skipIf(!existsSync(path.join(qrDir, 'swiss')))('corpus: valid Swiss QR-bill payloads', () => {
  const sources = list(path.join(qrDir, 'swiss'));

  it('finds the three sources', () => {
    expect(sources.length).toBeGreaterThanOrEqual(3);
  });

  for (const source of sources) {
    const dir = path.join(qrDir, 'swiss', source);
    for (const name of list(path.join(dir, 'payloads')).filter((n) => n.endsWith('.txt'))) {
      it(`${source}/payloads/${name} parses`, () => {
        const { bill } = parsed(readFileSync(path.join(dir, 'payloads', name), 'utf8'));
        expect(bill.creditor.name).not.toBe('');
        if (source.startsWith('manuelbl')) expect(bill).toMatchObject(MANUELBL_SAMPLES[name] ?? {});
      });
    }
    for (const rel of walk(path.join(dir, 'decoded')).filter((n) => n.endsWith('.payloads.json'))) {
      const expectedFile = path.join(dir, 'expected', rel.replace(/\.payloads\.json$/, '.expected.json'));
      const compare = existsSync(expectedFile);
      it(`${source}/decoded/${rel} parses${compare ? ' as expected' : ''}`, () => {
        const payloads = readJson(path.join(dir, 'decoded', rel)) as string[];
        const bills = payloads.map((p) => parsed(p).bill);
        if (compare) expect(bills.map(smartiveView)).toEqual(readJson(expectedFile));
      });
    }
  }

  it('schoero payloads agree with valid-data.ts on the values each case is about', () => {
    const dir = path.join(qrDir, 'swiss', 'schoero-swissqrbill', 'payloads');
    const index = readJson(path.join(dir, 'index.json')) as Record<string, string>;
    const bill = (n: string) => parsed(readFileSync(path.join(dir, n), 'utf8')).bill;
    expect(Object.keys(index).every((n) => existsSync(path.join(dir, n)))).toBe(true);
    expect(bill('minimal_required_data.txt').creditor).toEqual({
      type: 'S',
      name: 'Creditor FirstName LastName',
      street: 'Creditor Address',
      postcode: '1234',
      town: 'Creditor City',
      country: 'CH',
    });
    expect(bill('minimal_required_data_amount.txt').amount).toBe('123.45');
    expect(bill('currency.txt').currency).toBe('EUR');
    expect(bill('creditor_with_building_number_as_string.txt').creditor.buildingNumber).toBe('A123');
    expect(bill('creditor_with_qr_iban.txt')).toMatchObject({ qrIban: true, referenceType: 'QRR' });
    expect(bill('creditor_with_normal_iban_and_reference.txt').reference).toBe('RF485000056789012345');
    expect(bill('debtor_with_building_number.txt').debtor?.buildingNumber).toBe('123');
    expect(bill('message.txt').message).toBe('DO NOT USE FOR PAYMENT');
    expect(bill('additional_information.txt').billing?.invoiceNumber).toBe('10201409');
    // schoero leaves out the empty billing line, so AV1 lands where billing information belongs
    // (valid-data.ts says av1/av2). Read by the standard, it is billing information; we keep it as
    // such, with a warning, rather than guess.
    expect(bill('alternative_schemes_av1.txt').billingInformation).toBe('eBill/B/peter@muster.ch');
    expect(bill('alternative_schemes_av2.txt').billingInformation).toBe('eBill/B/peter@muster.ch');
    expect(bill('alternative_schemes_av1_av2.txt')).toMatchObject({
      billingInformation: expect.stringMatching(/^twint\/light\//),
      alternativeProcedures: [expect.stringMatching(/^rn\/twint\//)],
    });
  });
});

// manuelbl's validation keys (expected_errors.json) in our codes.
const MANUELBL_ERRORS: Record<string, string> = {
  'KEY_DATA_STRUCTURE_INVALID on field qrType': 'invalid_structure',
  'KEY_VERSION_UNSUPPORTED on field version': 'unsupported_version',
  'KEY_CODING_TYPE_UNSUPPORTED on field codingType': 'unsupported_coding_type',
  'KEY_NUMBER_INVALID on field amount': 'invalid_amount',
  'KEY_DATA_STRUCTURE_INVALID on field trailer': 'missing_trailer',
};

const manuelblDir = path.join(qrDir, 'invalid', 'manuelbl-SwissQRBill');
describe.skipIf(!existsSync(manuelblDir))('corpus: invalid payloads (manuelbl)', () => {
  const expected = JSON.parse(readText(path.join(manuelblDir, 'expected_errors.json')) || '{}') as Record<
    string,
    { expected_error: string }
  >;

  it('has an expectation for every file', () => {
    expect(list(manuelblDir).filter((n) => n.endsWith('.txt'))).toEqual(Object.keys(expected).sort());
  });

  for (const [file, { expected_error }] of Object.entries(expected)) {
    it(`${file} fails with ${expected_error}`, () => {
      expect(MANUELBL_ERRORS[expected_error]).toBeDefined();
      expect(errorOf(readFileSync(path.join(manuelblDir, file), 'utf8'))).toBe(
        MANUELBL_ERRORS[expected_error],
      );
    });
  }
});

// schoero's ValidationErrors in our codes. Their *_TYPE_IS_INVALID cases put a JS boolean or
// number where a string belongs, which a text payload cannot express; *_ADDRESS_IS_UNDEFINED
// (no street) is valid in a payload, the street being optional in QR-bill v2.x (the SIX samples
// omit it too). Those cases are listed by `notApplicable` and not run.
const SCHOERO_ERRORS: Record<string, string> = {
  CREDITOR_IS_UNDEFINED: 'invalid_creditor',
  CREDITOR_ACCOUNT_IS_UNDEFINED: 'missing_iban',
  CREDITOR_ACCOUNT_COUNTRY_IS_INVALID: 'unsupported_iban_country',
  ACCOUNT_LENGTH_IS_INVALID: 'invalid_iban',
  CREDITOR_ACCOUNT_IS_INVALID: 'invalid_iban',
  ACCOUNT_IS_QR_IBAN_BUT_REFERENCE_IS_MISSING: 'qr_iban_requires_qrr',
  ACCOUNT_IS_QR_IBAN_BUT_REFERENCE_IS_REGULAR: 'qr_iban_requires_qrr',
  ACCOUNT_IS_REGULAR_IBAN_BUT_REFERENCE_IS_QR: 'qrr_requires_qr_iban',
  QR_REFERENCE_IS_INVALID: 'invalid_qr_reference',
  QR_REFERENCE_LENGTH_IS_INVALID: 'invalid_qr_reference',
  REGULAR_REFERENCE_LENGTH_IS_INVALID: 'invalid_creditor_reference',
  AMOUNT_LENGTH_IS_INVALID: 'invalid_amount',
  CURRENCY_IS_UNDEFINED: 'invalid_currency',
  CURRENCY_LENGTH_IS_INVALID: 'invalid_currency',
  CURRENCY_STRING_IS_INVALID: 'invalid_currency',
  MESSAGE_LENGTH_IS_INVALID: 'message_too_long',
  ADDITIONAL_INFORMATION_LENGTH_IS_INVALID: 'message_too_long',
  MESSAGE_AND_ADDITIONAL_INFORMATION_LENGTH_IS_INVALID: 'message_too_long',
  ALTERNATIVE_SCHEME_LENGTH_IS_INVALID: 'invalid_alternative_procedure',
};
// Every creditor/debtor field error (name, address, building number, zip, city, country).
for (const role of ['CREDITOR', 'DEBTOR']) {
  for (const field of ['NAME', 'ADDRESS', 'BUILDING_NUMBER', 'ZIP', 'CITY', 'COUNTRY']) {
    for (const what of ['IS_UNDEFINED', 'LENGTH_IS_INVALID']) {
      SCHOERO_ERRORS[`${role}_${field}_${what}`] = `invalid_${role.toLowerCase()}`;
    }
  }
}
const notApplicable = (code: string) =>
  code.endsWith('_TYPE_IS_INVALID') || code.endsWith('_ADDRESS_IS_UNDEFINED');

// Payload line of each schoero Data field, and the valid payload each base data set produced.
// biome-ignore format: a table
const PARTY_LINES: Record<string, number> = { account: 3, name: 1, address: 2, buildingNumber: 3, zip: 4, city: 5, country: 6 };
const TOP_LINES: Record<string, number> = {
  amount: 18,
  currency: 19,
  message: 29,
  additionalInformation: 31,
  av1: 32,
  av2: 33,
};
const BASES: Record<string, string> = {
  minimalRequired: 'minimal_required_data.txt',
  minimalRequiredWithDebtor: 'minimal_required_data_debtor.txt',
  creditorWithQRIBAN: 'creditor_with_qr_iban.txt',
};

interface SchoeroCase {
  base: string;
  edits: Array<{ group?: string; key: string; value: unknown }>;
}

/** The `export const x = { ...base, key: value, group: { ...spread, key: value } }` cases of invalid-data.ts. */
function schoeroCases(source: string): Record<string, SchoeroCase> {
  const out: Record<string, SchoeroCase> = {};
  for (const m of source.matchAll(/export const (\w+) = \{\n([\s\S]*?)\n\}/g)) {
    const c: SchoeroCase = { base: '', edits: [] };
    let group: string | undefined;
    for (const line of m[2]!.split('\n').map((l) => l.trim())) {
      const spread = /^\.\.\.(\w+),?$/.exec(line);
      const open = /^(\w+): \{$/.exec(line);
      const kv = /^(\w+): (.*?),?$/.exec(line);
      if (spread && !group) c.base = spread[1]!;
      else if (open) group = open[1];
      else if (line.startsWith('}')) group = undefined;
      else if (kv) {
        const raw = kv[2]!.replace(/\s*\/\/.*$/, '');
        const value = raw === 'undefined' ? undefined : JSON.parse(raw);
        c.edits.push({ ...(group ? { group } : {}), key: kv[1]!, value });
      }
    }
    out[m[1]!] = c;
  }
  return out;
}

/** The case's payload: its base payload with each edited field rewritten the way schoero encodes it. */
function schoeroPayload(c: SchoeroCase, payloadDir: string): string {
  const lines = readFileSync(path.join(payloadDir, BASES[c.base]!), 'utf8').split('\n');
  const put = (at: number, v: unknown) => {
    while (lines.length <= at) lines.push('');
    lines[at] = v === undefined ? '' : typeof v === 'number' ? v.toFixed(2) : String(v);
  };
  for (const { group, key, value } of c.edits) {
    const start = group === 'debtor' ? 20 : 4;
    if (key === 'creditor' || key === 'debtor') {
      for (let i = 0; i < 7; i++) put((key === 'debtor' ? 20 : 4) + i, undefined);
    } else if (key === 'account') {
      put(3, String(value ?? '').replace(/\s/g, ''));
    } else if (key === 'zip' && typeof value === 'number') {
      put(start + PARTY_LINES.zip!, String(value));
    } else if (group) {
      put(start + PARTY_LINES[key]!, value);
    } else if (key === 'reference') {
      const ref = String(value ?? '').replace(/\s/g, '');
      put(27, ref === '' ? 'NON' : ref.startsWith('RF') ? 'SCOR' : 'QRR');
      put(28, ref);
    } else {
      put(TOP_LINES[key]!, value);
    }
  }
  return lines.join('\n');
}

const schoeroDir = path.join(qrDir, 'invalid', 'schoero-swissqrbill');
describe.skipIf(!existsSync(schoeroDir))('corpus: invalid payloads (schoero validator cases)', () => {
  const payloadDir = path.join(qrDir, 'swiss', 'schoero-swissqrbill', 'payloads');
  const cases = schoeroCases(readText(path.join(schoeroDir, 'invalid-data.ts')));
  const validator = readText(path.join(schoeroDir, 'validator.test.ts'));
  // `const cleanedX = cleanData(case)` aliases, then `validateData(...case...)).toThrow(...ValidationErrors.CODE`.
  const alias = Object.fromEntries(
    [...validator.matchAll(/const (\w+) = cleanData\((\w+)\);/g)].map((m) => [m[1], m[2]]),
  );
  const expected = new Map<string, string>();
  const throws =
    /validateData\(([^;]+?)\)\)\s*\.toThrow\((?:resolveMessageParams\()?ValidationErrors\.(\w+)/g;
  for (const m of validator.matchAll(throws)) {
    const id = /(\w+)\)*$/.exec(m[1]!)![1]!;
    expected.set(alias[id] ?? id, m[2]!);
  }

  it('reads every case of invalid-data.ts and its expected error from validator.test.ts', () => {
    expect(Object.keys(cases).length).toBe(66);
    expect([...expected.keys()].sort()).toEqual(Object.keys(cases).sort());
    expect(Object.values(cases).every((c) => c.base in BASES)).toBe(true);
  });

  // Cases whose invalidity a text payload cannot express (a boolean where text belongs) are
  // counted here and left out, not skipped.
  const applicable = [...expected].filter(([, code]) => !notApplicable(code));
  it('runs every case a text payload can express', () => {
    expect(applicable.length).toBe(45);
  });
  for (const [name, code] of applicable) {
    it(`${name} fails with ${code}`, () => {
      expect(SCHOERO_ERRORS[code]).toBeDefined();
      expect(errorOf(schoeroPayload(cases[name]!, payloadDir))).toBe(SCHOERO_ERRORS[code]);
    });
  }
});
