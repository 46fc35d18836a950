// The company profile and the fiscal year's start, on both engines: none until saved, one row
// per account replaced whole, and export settings saved without a start (as before it existed)
// read as a calendar year.
import { describe, expect, it } from 'vitest';
import { companyProfileOf, exportSettingsOf, saveCompanyProfile } from './index.js';
import { addAccount, databases, ENGINES } from './test-support/engines.js';

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

describe.each(ENGINES)('company profile on %s', (engine) => {
  const dbs = databases(engine);

  it('is kept per account and replaced whole', async () => {
    const db = await dbs.open();
    const a = await addAccount(db, 'a@example.com');
    const b = await addAccount(db, 'b@example.com');
    expect(await companyProfileOf(db, a.id)).toBeUndefined();
    await saveCompanyProfile(db, a.id, profile, '2026-01-02T00:00:00Z');
    expect(await companyProfileOf(db, a.id)).toEqual(profile);
    await saveCompanyProfile(db, a.id, { ...profile, buyerReference: '' }, '2026-01-03T00:00:00Z');
    expect((await companyProfileOf(db, a.id))?.buyerReference).toBe('');
    expect(await companyProfileOf(db, b.id)).toBeUndefined();
  });

  it('reads export settings saved before the fiscal year start as starting in January', async () => {
    const db = await dbs.open();
    const a = await addAccount(db, 'a@example.com');
    const { orm, t } = db;
    await orm
      .insert(t.exportSettings)
      .values({ accountId: a.id, consultantNo: '1001', clientNo: '7', updatedAt: 'x' });
    expect(await exportSettingsOf(db, a.id)).toMatchObject({ consultantNo: '1001', fiscalYearStart: 1 });
  });
});
