// The account's company profile, one row per account (none until the person saves it): the
// buyer-side values e-invoice exports take when an invoice lacks them.
import { eq } from 'drizzle-orm';
import type { Db } from './database.js';
import { companyProfiles } from './schema.js';

export interface CompanyProfileRow {
  name: string;
  street: string;
  postcode: string;
  city: string;
  country: string;
  vatId: string;
  electronicAddress: string;
  buyerReference: string;
}

export function companyProfileOf(db: Db, accountId: number): CompanyProfileRow | undefined {
  const row = db.select().from(companyProfiles).where(eq(companyProfiles.accountId, accountId)).get();
  if (!row) return undefined;
  const { accountId: _, updatedAt: __, ...profile } = row;
  return profile;
}

export function saveCompanyProfile(db: Db, accountId: number, p: CompanyProfileRow, at: string): void {
  db.insert(companyProfiles)
    .values({ accountId, ...p, updatedAt: at })
    .onConflictDoUpdate({ target: companyProfiles.accountId, set: { ...p, updatedAt: at } })
    .run();
}
