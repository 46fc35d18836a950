// Device sign-ins (the desktop app's code flow): a code pair is stored with the device code's hash,
// confirmed by a signed-in web session through the short user code, and consumed by the app's
// poll in one atomic update, so a confirmed code issues one session.
import { and, eq, gt, isNotNull, isNull, lt } from 'drizzle-orm';
import type { Db } from './database.js';
import { deviceCodes } from './schema.js';

export type DeviceCode = typeof deviceCodes.$inferSelect;

export function insertDeviceCode(
  db: Db,
  row: { deviceHash: string; userCode: string; client: string; createdAt: string; expiresAt: string },
): DeviceCode {
  return db.insert(deviceCodes).values(row).returning().get();
}

export function deviceCodeByHash(db: Db, deviceHash: string): DeviceCode | undefined {
  return db.select().from(deviceCodes).where(eq(deviceCodes.deviceHash, deviceHash)).get();
}

export function deviceCodeByUserCode(db: Db, userCode: string): DeviceCode | undefined {
  return db.select().from(deviceCodes).where(eq(deviceCodes.userCode, userCode)).get();
}

/** Confirms a live, unconfirmed code for an account; false when it is unknown, used or expired. */
export function confirmDeviceCode(db: Db, userCode: string, accountId: number, at: string): boolean {
  return (
    db
      .update(deviceCodes)
      .set({ accountId, confirmedAt: at })
      .where(
        and(
          eq(deviceCodes.userCode, userCode),
          isNull(deviceCodes.confirmedAt),
          isNull(deviceCodes.consumedAt),
          gt(deviceCodes.expiresAt, at),
        ),
      )
      .run().changes === 1
  );
}

/** Takes a confirmed, live code once (the poll that issues the session); false when not (any more). */
export function consumeDeviceCode(db: Db, id: number, at: string): boolean {
  return (
    db
      .update(deviceCodes)
      .set({ consumedAt: at })
      .where(
        and(
          eq(deviceCodes.id, id),
          isNotNull(deviceCodes.confirmedAt),
          isNull(deviceCodes.consumedAt),
          gt(deviceCodes.expiresAt, at),
        ),
      )
      .run().changes === 1
  );
}

/** Removes the codes that expired before `before` (housekeeping; a used one expires too). */
export function deleteExpiredDeviceCodes(db: Db, before: string): number {
  return db.delete(deviceCodes).where(lt(deviceCodes.expiresAt, before)).run().changes;
}
