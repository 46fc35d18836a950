// The service's configuration: read once from the environment, validated, typed and frozen. Every
// setting has an embedded default, so `npm start` works on a fresh machine with no settings.
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { QR_SEARCH_MS } from '@invoice-reader/engine';
import { z } from 'zod';
import { parseBlobUrl } from './blobs/blob-url.js';
import type { BlobConfig } from './blobs/open.js';

const flag = z
  .enum(['1', '0', 'true', 'false', 'yes', 'no'])
  .transform((v) => v === '1' || v === 'true' || v === 'yes');

const Env = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  /** Loopback by default: exposing the service is a deliberate choice (HOST=0.0.0.0). */
  HOST: z.string().min(1).default('127.0.0.1'),
  DATA_DIR: z.string().min(1).default('./data'),
  /** PostgreSQL (`postgres://USER:PASSWORD@HOST:PORT/DB`) instead of DATA_DIR's SQLite file;
   * needed by the scaled-out roles, whose processes share it. Unset or empty: the SQLite file
   * (docs/operations.md). */
  DATABASE_URL: z.string().optional(),
  /** What this process does: `all` (HTTP and reading, the default), `api` (HTTP only) or
   * `worker` (reading only). `npm run start:api` and `start:worker` set it. */
  ROLE: z.enum(['all', 'api', 'worker']).default('all'),
  /** Uploaded files in an S3-compatible bucket: `s3://BUCKET[/PREFIX]?endpoint=URL&region=R`.
   * Unset: files under DATA_DIR/blobs. Credentials: the two AWS_ variables below, else the AWS
   * SDK's own chain (its files, an IAM role). */
  BLOB_URL: z.string().min(1).optional(),
  AWS_ACCESS_KEY_ID: z.string().min(1).optional(),
  AWS_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  /** The address people reach the service at (sign-in links, cookies' Secure flag, CSRF origin).
   * Default: the address the service listens on. */
  PUBLIC_URL: z.url({ protocol: /^https?$/ }).optional(),
  /** Signs callbacks; at least 32 characters. Generated into DATA_DIR/secret when absent. */
  SECRET: z.string().min(32).optional(),
  JOB_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(availableParallelism()),
  JOB_TIMEOUT_MS: z.coerce.number().int().min(1000).default(120_000),
  /** How long a submission the account cannot cover waits for the search for a payment QR code
   * (a QR bill is never refused for balance): past it, the file is estimated as needing OCR. The
   * search takes 0.1-1.3 s on an idle machine; under 1 s most QR bills would be refused. */
  QR_SEARCH_MS: z.coerce.number().int().min(1000).max(600_000).default(QR_SEARCH_MS),
  MAX_UPLOAD_BYTES: z.coerce
    .number()
    .int()
    .min(1)
    .default(20 * 1024 * 1024),
  /** A request's headers must arrive within this (slow-header clients, "slowloris"): 408 after. */
  HEADERS_TIMEOUT_MS: z.coerce.number().int().min(100).default(20_000),
  /** A whole request, headers and body, must arrive within this: 408 after. 20 MB in 120 s is
   * about 1.4 Mbit/s; a slower client should upload through something that buffers. */
  REQUEST_TIMEOUT_MS: z.coerce.number().int().min(100).default(120_000),
  /** A connection with no byte in either direction for this long is closed (a stalled upload). */
  IDLE_TIMEOUT_MS: z.coerce.number().int().min(100).default(60_000),
  /** How long a keep-alive connection may wait for its next request. */
  KEEP_ALIVE_TIMEOUT_MS: z.coerce.number().int().min(100).default(5_000),
  RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(120),
  /** Sign-in requests (start, verify, PIN) per client address a minute. */
  AUTH_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(10),
  /** Reads of the public try-it upload per client address a minute. */
  TRY_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(10),
  FREE_API_PAGES: z.coerce.number().int().min(0).default(5),
  EUR_TO_USD: z.coerce.number().positive().default(1.08),
  EUR_TO_RUB: z.coerce.number().positive().default(98.75),
  /** Lets callbacks reach loopback and private networks (development and tests only). */
  CALLBACK_ALLOW_PRIVATE: flag.default(false),
  SHUTDOWN_GRACE_MS: z.coerce.number().int().min(0).default(10_000),
  /** Outgoing system mail: `smtp://user:pass@host:port`; unset, messages go to DATA_DIR/outbox. */
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'an smtp:// or smtps:// URL')
    .optional(),
  MAIL_FROM: z.string().min(3).default('Invoice Reader <no-reply@localhost>'),
  /** Where notices for the operator go (reviews of 1 to 3 stars, leads). */
  OWNER_EMAIL: z.email().default('owner@localhost'),
  /** CloudPayments: both set, payments go to it; unset, a local sandbox provider is started. */
  CLOUDPAYMENTS_PUBLIC_ID: z.string().min(1).optional(),
  CLOUDPAYMENTS_API_SECRET: z.string().min(1).optional(),
  CLOUDPAYMENTS_BASE_URL: z.url({ protocol: /^https?$/ }).default('https://api.cloudpayments.ru'),
  /** The sandbox provider's port (0: any free one; printed at start). */
  PAYMENT_SANDBOX_PORT: z.coerce.number().int().min(0).max(65535).default(0),
  /** A Google OAuth client (web application): both set, mail goes to Gmail; unset, the local
   * Gmail emulator is started. The URLs are Google's and change only for a stand-in. */
  GOOGLE_CLIENT_ID: z.string().min(1).optional(),
  GOOGLE_CLIENT_SECRET: z.string().min(1).optional(),
  GOOGLE_AUTH_URL: z.url({ protocol: /^https?$/ }).default('https://accounts.google.com/o/oauth2/v2/auth'),
  GOOGLE_TOKEN_URL: z.url({ protocol: /^https?$/ }).default('https://oauth2.googleapis.com/token'),
  GOOGLE_REVOKE_URL: z.url({ protocol: /^https?$/ }).default('https://oauth2.googleapis.com/revoke'),
  GMAIL_API_BASE: z.url({ protocol: /^https?$/ }).default('https://gmail.googleapis.com'),
  /** How long one call to Google (token, revoke, Gmail) may take before it is given up. */
  GOOGLE_TIMEOUT_MS: z.coerce.number().int().min(100).default(30_000),
  /** The Gmail emulator's port (0: any free one; printed at start) and the folder its mailboxes
   * start with (default: the repository's mail-samples/). */
  GMAIL_EMULATOR_PORT: z.coerce.number().int().min(0).max(65535).default(0),
  GMAIL_EMULATOR_SEED: z.string().min(1).optional(),
  /** How often a mailbox that sent letters lately is searched for bounce notices. */
  MAIL_BOUNCE_CHECK_SECONDS: z.coerce.number().int().min(0).default(300),
  /** The built web application (apps/web/dist), served at /app. */
  WEB_DIR: z.string().min(1).optional(),
  LOG_LEVEL: z.enum(['debug', 'info', 'warn', 'error', 'silent']).default('info'),
});

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  /** Undefined: the listening address, known once the service listens (see server.ts). */
  publicUrl: string | undefined;
  /** The SQLite file in DATA_DIR, used when `databaseUrl` is unset. */
  databaseFile: string;
  /** PostgreSQL's URL (DATABASE_URL), or undefined for the SQLite file. */
  databaseUrl: string | undefined;
  /** What this process does: everything (`all`), or one part of the scaled-out form. */
  role: 'all' | 'api' | 'worker';
  /** Where uploaded files are kept: DATA_DIR/blobs, or the bucket of BLOB_URL. */
  blobs: Readonly<BlobConfig>;
  secret: string;
  jobConcurrency: number;
  jobTimeoutMs: number;
  /** The bound of a submission's search for a payment QR code (the engine's `qrTimeoutMs`). */
  qrSearchMs: number;
  maxUploadBytes: number;
  /** Node's server.headersTimeout, requestTimeout, timeout (idle) and keepAliveTimeout. */
  timeouts: { headersMs: number; requestMs: number; idleMs: number; keepAliveMs: number };
  rateLimitPerMinute: number;
  authRateLimitPerMinute: number;
  tryRateLimitPerMinute: number;
  freeApiPages: number;
  eurToUsd: number;
  eurToRub: number;
  callbackAllowPrivate: boolean;
  shutdownGraceMs: number;
  smtpUrl: string | undefined;
  mailFrom: string;
  outboxDir: string;
  ownerEmail: string;
  cloudPayments: { publicId: string; apiSecret: string; baseUrl: string } | undefined;
  paymentSandboxPort: number;
  google:
    | {
        clientId: string;
        clientSecret: string;
        authUrl: string;
        tokenUrl: string;
        revokeUrl: string;
        gmailBase: string;
      }
    | undefined;
  googleTimeoutMs: number;
  gmailEmulatorPort: number;
  gmailEmulatorSeed: string | undefined;
  mailBounceCheckMs: number;
  webDir: string;
  logLevel: 'debug' | 'info' | 'warn' | 'error' | 'silent';
}

/** apps/web/dist beside this package (config.js sits in apps/server/dist or src). */
const DEFAULT_WEB_DIR = fileURLToPath(new URL('../../web/dist', import.meta.url));

export class ConfigError extends Error {}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Readonly<Config> {
  const parsed = Env.safeParse(env);
  if (!parsed.success) {
    const why = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new ConfigError(`invalid configuration: ${why}`);
  }
  const e = parsed.data;
  // Node refuses a headers timeout longer than the whole request's.
  if (e.HEADERS_TIMEOUT_MS > e.REQUEST_TIMEOUT_MS)
    throw new ConfigError('invalid configuration: HEADERS_TIMEOUT_MS: at most REQUEST_TIMEOUT_MS');
  // Checked here, not at the first connection, so a mistyped URL stops the start with a reason; the
  // URL itself is never repeated (it may hold a password).
  if (e.DATABASE_URL && !/^postgres(ql)?:\/\/./i.test(e.DATABASE_URL))
    throw new ConfigError(
      'invalid configuration: DATABASE_URL: a postgres:// or postgresql:// URL, or unset for the SQLite file in DATA_DIR',
    );
  // Processes apart share the database: SQLite's file is one process's.
  if (e.ROLE !== 'all' && !e.DATABASE_URL)
    throw new ConfigError(
      `invalid configuration: ROLE ${e.ROLE} (start:${e.ROLE}) needs DATABASE_URL, a PostgreSQL all the processes share, and BLOB_URL or a DATA_DIR they share for the uploaded files`,
    );
  const dataDir = path.resolve(e.DATA_DIR);
  let blobs: BlobConfig = { kind: 'files', dir: path.join(dataDir, 'blobs') };
  if (e.BLOB_URL) {
    try {
      const credentials = { accessKeyId: e.AWS_ACCESS_KEY_ID, secretAccessKey: e.AWS_SECRET_ACCESS_KEY };
      blobs = { kind: 's3', ...parseBlobUrl(e.BLOB_URL, credentials) };
    } catch (err) {
      throw new ConfigError(`invalid configuration: BLOB_URL: ${(err as Error).message}`);
    }
  }
  return Object.freeze({
    port: e.PORT,
    host: e.HOST,
    dataDir,
    publicUrl: e.PUBLIC_URL?.replace(/\/+$/, ''),
    databaseFile: path.join(dataDir, 'invoice-reader.sqlite'),
    databaseUrl: e.DATABASE_URL || undefined,
    role: e.ROLE,
    blobs: Object.freeze(blobs),
    secret: e.SECRET ?? localSecret(dataDir),
    jobConcurrency: e.JOB_CONCURRENCY,
    jobTimeoutMs: e.JOB_TIMEOUT_MS,
    qrSearchMs: e.QR_SEARCH_MS,
    maxUploadBytes: e.MAX_UPLOAD_BYTES,
    timeouts: Object.freeze({
      headersMs: e.HEADERS_TIMEOUT_MS,
      requestMs: e.REQUEST_TIMEOUT_MS,
      idleMs: e.IDLE_TIMEOUT_MS,
      keepAliveMs: e.KEEP_ALIVE_TIMEOUT_MS,
    }),
    rateLimitPerMinute: e.RATE_LIMIT_PER_MINUTE,
    authRateLimitPerMinute: e.AUTH_RATE_LIMIT_PER_MINUTE,
    tryRateLimitPerMinute: e.TRY_RATE_LIMIT_PER_MINUTE,
    freeApiPages: e.FREE_API_PAGES,
    eurToUsd: e.EUR_TO_USD,
    eurToRub: e.EUR_TO_RUB,
    callbackAllowPrivate: e.CALLBACK_ALLOW_PRIVATE,
    shutdownGraceMs: e.SHUTDOWN_GRACE_MS,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    outboxDir: path.join(dataDir, 'outbox'),
    ownerEmail: e.OWNER_EMAIL,
    cloudPayments:
      e.CLOUDPAYMENTS_PUBLIC_ID && e.CLOUDPAYMENTS_API_SECRET
        ? {
            publicId: e.CLOUDPAYMENTS_PUBLIC_ID,
            apiSecret: e.CLOUDPAYMENTS_API_SECRET,
            baseUrl: e.CLOUDPAYMENTS_BASE_URL,
          }
        : undefined,
    paymentSandboxPort: e.PAYMENT_SANDBOX_PORT,
    google:
      e.GOOGLE_CLIENT_ID && e.GOOGLE_CLIENT_SECRET
        ? {
            clientId: e.GOOGLE_CLIENT_ID,
            clientSecret: e.GOOGLE_CLIENT_SECRET,
            authUrl: e.GOOGLE_AUTH_URL,
            tokenUrl: e.GOOGLE_TOKEN_URL,
            revokeUrl: e.GOOGLE_REVOKE_URL,
            gmailBase: e.GMAIL_API_BASE.replace(/\/+$/, ''),
          }
        : undefined,
    googleTimeoutMs: e.GOOGLE_TIMEOUT_MS,
    gmailEmulatorPort: e.GMAIL_EMULATOR_PORT,
    gmailEmulatorSeed: e.GMAIL_EMULATOR_SEED && path.resolve(e.GMAIL_EMULATOR_SEED),
    mailBounceCheckMs: e.MAIL_BOUNCE_CHECK_SECONDS * 1000,
    webDir: e.WEB_DIR ? path.resolve(e.WEB_DIR) : DEFAULT_WEB_DIR,
    logLevel: e.LOG_LEVEL,
  });
}

/** For logs: the configuration with its secret masked. */
export function describeConfig(config: Config): Record<string, unknown> {
  return {
    ...config,
    cloudPayments: config.cloudPayments && { ...config.cloudPayments, apiSecret: '***' },
    google: config.google && { ...config.google, clientSecret: '***' },
    secret: '***',
    blobs:
      config.blobs.kind === 's3' && config.blobs.credentials
        ? { ...config.blobs, credentials: { ...config.blobs.credentials, secretAccessKey: '***' } }
        : config.blobs,
    smtpUrl: config.smtpUrl?.replace(/\/\/[^@/]*@/, '//***@'),
    databaseUrl: config.databaseUrl?.replace(/\/\/[^@/]*@/, '//***@'),
  };
}

/** A secret made once per data folder and kept there (readable by the owner only). */
function localSecret(dataDir: string): string {
  const file = path.join(dataDir, 'secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString('base64url');
  writeFileSync(file, `${secret}\n`, { mode: 0o600, flag: 'wx' });
  return secret;
}
