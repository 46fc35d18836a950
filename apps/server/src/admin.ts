// The operators' command line (until the account interface exists), on the same database as the
// service (DATABASE_URL's PostgreSQL, else the SQLite file in DATA_DIR):
//   npm run -s admin -- create-account --email E [--json]
//   npm run -s admin -- create-key --email E [--label L] [--json]      prints the key once
//   npm run -s admin -- top-up --email E --amount-eur N [--json]
//   npm run -s admin -- list-keys --email E [--json]
//   npm run -s admin -- rotate-key --email E --key-id N [--json]       the old key stops at once
//   npm run -s admin -- revoke-key --email E --key-id N [--json]
//   npm run -s admin -- usage --email E [--json]
//   npm run -s admin -- backup --to DIR [--json]                     while the service runs (SQLite)
//   npm run -s admin -- restore --from DIR [--force] [--json]        into DATA_DIR (service stopped; SQLite)
// Exit codes: 0 done, 1 refused (the message says why), 2 wrong usage.
import path from 'node:path';
import { parseArgs } from 'node:util';
import { closeHandle, type Db, openHandle } from '@invoice-reader/db';
import { AccountExists, AccountNotFound, createAccount, requireAccount } from './accounts/accounts.js';
import { BackupRefused, backupTo, restoreFrom } from './backup/backup.js';
import { topUp, usageSummary } from './billing/billing.js';
import { formatMinor, MIN_TOP_UP_MINOR } from './billing/prices.js';
import { type Config, ConfigError, loadConfig } from './config.js';
import { issueKey, KeyNotFound, listKeys, revokeKey, rotateKey } from './keys/keys.js';

const USAGE = `usage: admin <command> [options]
  create-account --email E
  create-key     --email E [--label L]
  top-up         --email E --amount-eur N      (at least ${formatMinor(MIN_TOP_UP_MINOR)} EUR)
  list-keys      --email E
  rotate-key     --email E --key-id N
  revoke-key     --email E --key-id N
  usage          --email E
  backup         --to DIR                      (the service may run; SQLite only)
  restore        --from DIR [--force]          (stop the service first; SQLite only)
options: --json prints the answer as JSON`;

class UsageError extends Error {}
class BelowMinimum extends Error {}

type Options = {
  email?: string;
  label?: string;
  'amount-eur'?: string;
  'key-id'?: string;
  to?: string;
  from?: string;
  force?: boolean;
  json?: boolean;
};
type Answer = { json: Record<string, unknown>; text: string };

export async function runAdmin(argv: string[], config: Readonly<Config>): Promise<Answer> {
  const { positionals, values } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      email: { type: 'string' },
      label: { type: 'string' },
      'amount-eur': { type: 'string' },
      'key-id': { type: 'string' },
      to: { type: 'string' },
      from: { type: 'string' },
      force: { type: 'boolean' },
      json: { type: 'boolean' },
    },
  });
  const [command] = positionals;
  // Backup and restore copy SQLite's file; PostgreSQL has its own tools (docs/operations.md).
  if ((command === 'backup' || command === 'restore') && config.databaseUrl)
    throw new BackupRefused(
      `${command} copies the SQLite file in DATA_DIR; with DATABASE_URL the database is PostgreSQL: ` +
        `use ${command === 'backup' ? 'pg_dump' : 'pg_restore'} for it and copy the uploaded files (DATA_DIR/blobs or the bucket) beside it (docs/operations.md)`,
    );
  // Backups work on files, not through one connection: the service may be writing meanwhile.
  if (command === 'backup') {
    if (!values.to) throw new UsageError('--to with a folder for the backup is required');
    const r = await backupTo(config.dataDir, path.resolve(values.to));
    // With BLOB_URL the files are in the bucket: backed up by the object store (operations.md).
    if (config.blobs.kind === 's3') {
      const bucket = `s3://${config.blobs.bucket}/${config.blobs.prefix}`;
      return {
        json: { ...r, blobs_in: bucket },
        text: `backup of ${r.jobs} jobs in ${r.dir}; their files are in ${bucket}, not copied`,
      };
    }
    return { json: { ...r }, text: `backup of ${r.jobs} jobs and ${r.blobs} files in ${r.dir}` };
  }
  if (command === 'restore') {
    if (!values.from) throw new UsageError('--from with a backup folder is required');
    const r = restoreFrom(path.resolve(values.from), config.dataDir, { force: values.force ?? false });
    return { json: { ...r }, text: `restored ${r.jobs} jobs and ${r.blobs} files into ${r.dir}` };
  }
  const db = await openHandle({ url: config.databaseUrl, file: config.databaseFile });
  try {
    return await dispatch(db, config, command, values);
  } finally {
    await closeHandle(db);
  }
}

async function dispatch(
  db: Db,
  config: Readonly<Config>,
  command: string | undefined,
  o: Options,
): Promise<Answer> {
  const email = () => {
    if (!o.email?.includes('@')) throw new UsageError('--email with an e-mail address is required');
    return o.email;
  };
  const keyId = () => {
    const n = Number(o['key-id']);
    if (!Number.isSafeInteger(n) || n <= 0) throw new UsageError('--key-id with a key number is required');
    return n;
  };
  switch (command) {
    case 'create-account': {
      const a = await createAccount(db, email(), config.freeApiPages);
      return {
        json: { account_id: a.id, email: a.email, free_pages: a.freePages },
        text: `account ${a.id} for ${a.email} with ${a.freePages} free scanned pages`,
      };
    }
    case 'create-key': {
      const a = await requireAccount(db, email());
      const k = await issueKey(db, config.secret, a.id, o.label ?? '');
      return {
        json: { ...k },
        text: `key ${k.id} (${k.prefix}…) for ${a.email}; shown once, keep it:\n${k.key}\ncallback secret: ${k.callback_secret}`,
      };
    }
    case 'top-up': {
      const a = await requireAccount(db, email());
      const minor = eurToMinor(o['amount-eur']);
      await topUp(db, a.id, minor, new Date(), 'top-up by operator');
      const balance = (await requireAccount(db, a.email)).balanceMinor;
      return {
        json: {
          account_id: a.id,
          amount: formatMinor(minor),
          balance: formatMinor(balance),
          currency: 'EUR',
        },
        text: `${formatMinor(minor)} EUR added; balance ${formatMinor(balance)} EUR`,
      };
    }
    case 'list-keys': {
      const keys = await listKeys(db, (await requireAccount(db, email())).id);
      return {
        json: { keys },
        text: keys
          .map((k) => `${k.id}\t${k.prefix}…\t${k.label}\t${k.revoked_at ? k.revoked_reason : 'active'}`)
          .join('\n'),
      };
    }
    case 'rotate-key': {
      const a = await requireAccount(db, email());
      const k = await rotateKey(db, config.secret, a.id, keyId());
      return { json: { ...k }, text: `key ${k.id} replaces the old key; shown once, keep it:\n${k.key}` };
    }
    case 'revoke-key': {
      const a = await requireAccount(db, email());
      const id = keyId();
      await revokeKey(db, a.id, id);
      return { json: { ok: true, key_id: id }, text: `key ${id} revoked` };
    }
    case 'usage': {
      const a = await requireAccount(db, email());
      const u = await usageSummary(db, a, new Date());
      return { json: { ...u, balance: formatMinor(u.balanceMinor) }, text: JSON.stringify(u, null, 2) };
    }
    default:
      throw new UsageError(command ? `unknown command ${command}` : 'a command is required');
  }
}

function eurToMinor(amount: string | undefined): number {
  if (!amount || !/^\d{1,7}(\.\d{1,2})?$/.test(amount))
    throw new UsageError('--amount-eur takes an amount such as 8 or 12.50');
  const [whole = '0', cents = ''] = amount.split('.');
  const minor = Number(whole) * 100 + Number(cents.padEnd(2, '0'));
  // A well-formed amount under the minimum is refused (exit 1), as the service's top-up refuses it.
  if (minor < MIN_TOP_UP_MINOR)
    throw new BelowMinimum(`the minimum top-up is ${formatMinor(MIN_TOP_UP_MINOR)} EUR`);
  return minor;
}

async function main(): Promise<void> {
  const argv = process.argv.slice(2);
  if (argv.length === 0 || argv.some((a) => a === '--help' || a === '-h' || a === 'help')) {
    console.log(USAGE);
    return;
  }
  const json = argv.includes('--json');
  const say = (code: number, error: string, message: string) => {
    if (json) console.log(JSON.stringify({ error, message }));
    else console.error(message);
    if (code === 2 && !json) console.error(USAGE);
    process.exitCode = code;
  };
  try {
    const answer = await runAdmin(argv, loadConfig());
    console.log(json ? JSON.stringify(answer.json) : answer.text);
  } catch (err) {
    if (
      err instanceof UsageError ||
      err instanceof ConfigError ||
      (err as { code?: string }).code?.startsWith('ERR_PARSE_ARGS')
    )
      say(2, 'usage', (err as Error).message);
    else if (err instanceof AccountExists) say(1, 'account_exists', err.message);
    else if (err instanceof AccountNotFound) say(1, 'account_not_found', err.message);
    else if (err instanceof KeyNotFound) say(1, 'key_not_found', err.message);
    else if (err instanceof BackupRefused) say(1, 'backup_refused', err.message);
    else if (err instanceof BelowMinimum) say(1, 'below_minimum', err.message);
    else throw err;
  }
}

if (import.meta.url === `file://${process.argv[1]}`) void main();
