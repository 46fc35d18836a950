// API accounts: made by an operator (admin command line) until the account interface exists. A
// new account is granted the API's free scanned pages (service-spec "Limits": 5, no card).

import type { MeOut, UserOut } from '@invoice-reader/contract';
import {
  type Account,
  accountByEmail,
  appendLedger,
  type Db,
  insertAccount,
  inTransaction,
} from '@invoice-reader/db';
import { accountAllowance } from '../web-parse/allowance.js';

export class AccountExists extends Error {}
export class AccountNotFound extends Error {}

export const normaliseEmail = (email: string): string => email.trim().toLowerCase();

export function createAccount(db: Db, email: string, freePages: number): Promise<Account> {
  const at = new Date().toISOString();
  return inTransaction(db, async (tx) => {
    if (await accountByEmail(tx, normaliseEmail(email)))
      throw new AccountExists(`an account for ${email} exists`);
    const account = await insertAccount(tx, normaliseEmail(email), at);
    if (freePages > 0)
      await appendLedger(tx, account.id, 'grant', { freePages }, at, { note: 'free API pages' });
    return { ...account, freePages };
  });
}

export async function requireAccount(db: Db, email: string): Promise<Account> {
  const account = await accountByEmail(db, normaliseEmail(email));
  if (!account) throw new AccountNotFound(`no account for ${email}`);
  return account;
}

/** The spec's `UserOut` of an account. */
export function userOut(a: Account): UserOut {
  return { id: a.id, email: a.email, name: a.name, lang: a.lang, tier: a.tier };
}

/** The spec's `MeOut`: the person, their plan and the web application's own allowance. */
export function meOut(
  a: Account,
  plan: { code: string | null; paid: boolean } = { code: null, paid: false },
): MeOut {
  const allowance = accountAllowance(a);
  return {
    ...userOut(a),
    plan_code: plan.code,
    plan_paid: plan.paid,
    free_parses_total: allowance.total,
    free_parses_used: allowance.used,
    free_parses_left: allowance.left,
  };
}
