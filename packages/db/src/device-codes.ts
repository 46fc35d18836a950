// Device sign-ins (the desktop app's code flow): a code pair is stored with the device code's hash,
// confirmed by a signed-in web session through the short user code, and consumed by the app's
// poll in one atomic update, so a confirmed code issues one session.
import { and, eq, gt, isNotNull, isNull, lt } from 'drizzle-orm';
import type { DbHandle } from './handle.js';
import type { deviceCodes } from './schema.js';

export type DeviceCode = typeof deviceCodes.$inferSelect;

export async function insertDeviceCode(
  db: DbHandle,
  row: { deviceHash: string; userCode: string; client: string; createdAt: string; expiresAt: string },
): Promise<DeviceCode> {
  const { orm, t } = db;
  const [made] = await orm.insert(t.deviceCodes).values(row).returning();
  return made!;
}

export async function deviceCodeByHash(db: DbHandle, deviceHash: string): Promise<DeviceCode | undefined> {
  const { orm, t } = db;
  const [row] = await orm.select().from(t.deviceCodes).where(eq(t.deviceCodes.deviceHash, deviceHash));
  return row;
}

export async function deviceCodeByUserCode(db: DbHandle, userCode: string): Promise<DeviceCode | undefined> {
  const { orm, t } = db;
  const [row] = await orm.select().from(t.deviceCodes).where(eq(t.deviceCodes.userCode, userCode));
  return row;
}

/** Confirms a live, unconfirmed code for an account; false when it is unknown, used or expired. */
export async function confirmDeviceCode(
  db: DbHandle,
  userCode: string,
  accountId: number,
  at: string,
): Promise<boolean> {
  const { orm, t } = db;
  const confirmed = await orm
    .update(t.deviceCodes)
    .set({ accountId, confirmedAt: at })
    .where(
      and(
        eq(t.deviceCodes.userCode, userCode),
        isNull(t.deviceCodes.confirmedAt),
        isNull(t.deviceCodes.consumedAt),
        gt(t.deviceCodes.expiresAt, at),
      ),
    )
    .returning({ id: t.deviceCodes.id });
  return confirmed.length === 1;
}

/** Takes a confirmed, live code once (the poll that issues the session); false when not (any more). */
export async function consumeDeviceCode(db: DbHandle, id: number, at: string): Promise<boolean> {
  const { orm, t } = db;
  const consumed = await orm
    .update(t.deviceCodes)
    .set({ consumedAt: at })
    .where(
      and(
        eq(t.deviceCodes.id, id),
        isNotNull(t.deviceCodes.confirmedAt),
        isNull(t.deviceCodes.consumedAt),
        gt(t.deviceCodes.expiresAt, at),
      ),
    )
    .returning({ id: t.deviceCodes.id });
  return consumed.length === 1;
}

/** Removes the codes that expired before `before` (housekeeping; a used one expires too). */
export async function deleteExpiredDeviceCodes(db: DbHandle, before: string): Promise<number> {
  const { orm, t } = db;
  const gone = await orm
    .delete(t.deviceCodes)
    .where(lt(t.deviceCodes.expiresAt, before))
    .returning({ id: t.deviceCodes.id });
  return gone.length;
}
