// The exports screen's remembered DATEV numbers and accounts, one row per account (none until
// the person saves them; the defaults are the writer's).
import { eq } from 'drizzle-orm';
import type { DbHandle } from './handle.js';

export interface LedgerSettingsRow {
  consultantNo: string;
  clientNo: string;
  account: string;
  contraAccount: string;
  buKey: string;
  /** The month (1-12) the fiscal year starts in. */
  fiscalYearStart: number;
}

export async function exportSettingsOf(
  db: DbHandle,
  accountId: number,
): Promise<LedgerSettingsRow | undefined> {
  const { orm, t } = db;
  const [row] = await orm.select().from(t.exportSettings).where(eq(t.exportSettings.accountId, accountId));
  if (!row) return undefined;
  const { consultantNo, clientNo, account, contraAccount, buKey, fiscalYearStart } = row;
  return { consultantNo, clientNo, account, contraAccount, buKey, fiscalYearStart };
}

export async function saveExportSettings(
  db: DbHandle,
  accountId: number,
  s: LedgerSettingsRow,
  at: string,
): Promise<void> {
  const { orm, t } = db;
  await orm
    .insert(t.exportSettings)
    .values({ accountId, ...s, updatedAt: at })
    .onConflictDoUpdate({ target: t.exportSettings.accountId, set: { ...s, updatedAt: at } });
}
