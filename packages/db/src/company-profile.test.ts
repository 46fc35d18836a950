// The company profile and the fiscal year's start, in a real SQLite database: none until saved,
// one row per account replaced whole, and the export settings saved before the start existed
// read as a calendar year.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  closeDatabase,
  companyProfileOf,
  exportSettingsOf,
  insertAccount,
  openDatabase,
  saveCompanyProfile,
} from './index.js';

const dir = mkdtempSync(path.join(tmpdir(), 'ir-db-company-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const profile = {
  name: 'Beispiel Einkauf GmbH',
  street: 'Musterstraße 1',
  postcode: '10115',
  city: 'Berlin',
  country: 'DE',
  vatId: 'DE136695976',
  electronicAddress: 'EM:rechnungen@einkauf.example',
  buyerReference: '04011000-1234512345-06',
};

describe('company profile', () => {
  it('is kept per account and replaced whole', async () => {
    const db = openDatabase(path.join(dir, 'a.sqlite'));
    const a = insertAccount(db, 'a@example.com', '2026-01-01T00:00:00Z');
    const b = insertAccount(db, 'b@example.com', '2026-01-01T00:00:00Z');
    expect(await companyProfileOf(db, a.id)).toBeUndefined();
    await saveCompanyProfile(db, a.id, profile, '2026-01-02T00:00:00Z');
    expect(await companyProfileOf(db, a.id)).toEqual(profile);
    await saveCompanyProfile(db, a.id, { ...profile, buyerReference: '' }, '2026-01-03T00:00:00Z');
    expect((await companyProfileOf(db, a.id))?.buyerReference).toBe('');
    expect(await companyProfileOf(db, b.id)).toBeUndefined();
    closeDatabase(db);
  });

  it('reads export settings saved before the fiscal year start as starting in January', async () => {
    const db = openDatabase(path.join(dir, 'b.sqlite'));
    const a = insertAccount(db, 'a@example.com', '2026-01-01T00:00:00Z');
    db.$client
      .prepare(
        "insert into export_settings (account_id, consultant_no, client_no, updated_at) values (?, '1001', '7', 'x')",
      )
      .run(a.id);
    expect(await exportSettingsOf(db, a.id)).toMatchObject({ consultantNo: '1001', fiscalYearStart: 1 });
    closeDatabase(db);
  });
});
