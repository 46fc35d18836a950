// The exports screen's remembered DATEV numbers and accounts, one row per account (none until
// the person saves them; the defaults are the writer's).
import { eq } from 'drizzle-orm';
import type { Db } from './database.js';
import { exportSettings } from './schema.js';

export interface LedgerSettingsRow {
  consultantNo: string;
  clientNo: string;
  account: string;
  contraAccount: string;
  buKey: string;
  /** The month (1-12) the fiscal year starts in. */
  fiscalYearStart: number;
}

export function exportSettingsOf(db: Db, accountId: number): LedgerSettingsRow | undefined {
  const row = db.select().from(exportSettings).where(eq(exportSettings.accountId, accountId)).get();
  if (!row) return undefined;
  const { consultantNo, clientNo, account, contraAccount, buKey, fiscalYearStart } = row;
  return { consultantNo, clientNo, account, contraAccount, buKey, fiscalYearStart };
}

export function saveExportSettings(db: Db, accountId: number, s: LedgerSettingsRow, at: string): void {
  db.insert(exportSettings)
    .values({ accountId, ...s, updatedAt: at })
    .onConflictDoUpdate({ target: exportSettings.accountId, set: { ...s, updatedAt: at } })
    .run();
}
