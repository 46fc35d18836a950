// The account's company profile, one row per account (none until the person saves it): the
// buyer-side values e-invoice exports take when an invoice lacks them.
import { eq } from 'drizzle-orm';
import type { DbHandle } from './handle.js';

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

export async function companyProfileOf(
  db: DbHandle,
  accountId: number,
): Promise<CompanyProfileRow | undefined> {
  const { orm, t } = db;
  const [row] = await orm.select().from(t.companyProfiles).where(eq(t.companyProfiles.accountId, accountId));
  if (!row) return undefined;
  const { accountId: _, updatedAt: __, ...profile } = row;
  return profile;
}

export async function saveCompanyProfile(
  db: DbHandle,
  accountId: number,
  p: CompanyProfileRow,
  at: string,
): Promise<void> {
  const { orm, t } = db;
  await orm
    .insert(t.companyProfiles)
    .values({ accountId, ...p, updatedAt: at })
    .onConflictDoUpdate({ target: t.companyProfiles.accountId, set: { ...p, updatedAt: at } });
}
