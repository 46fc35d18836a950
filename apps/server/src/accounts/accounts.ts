// API accounts: made by an operator (admin command line) until the account interface exists. A
// new account is granted the API's free scanned pages (service-spec "Limits": 5, no card).
import {
  type Account,
  accountByEmail,
  appendLedger,
  type Db,
  insertAccount,
  inTransaction,
} from '@invoice-reader/db';

export class AccountExists extends Error {}
export class AccountNotFound extends Error {}

export const normaliseEmail = (email: string): string => email.trim().toLowerCase();

export function createAccount(db: Db, email: string, freePages: number): Account {
  const at = new Date().toISOString();
  return inTransaction(db, () => {
    if (accountByEmail(db, normaliseEmail(email))) throw new AccountExists(`an account for ${email} exists`);
    const account = insertAccount(db, normaliseEmail(email), at);
    if (freePages > 0) appendLedger(db, account.id, 'grant', { freePages }, at, { note: 'free API pages' });
    return { ...account, freePages };
  });
}

export function requireAccount(db: Db, email: string): Account {
  const account = accountByEmail(db, normaliseEmail(email));
  if (!account) throw new AccountNotFound(`no account for ${email}`);
  return account;
}
