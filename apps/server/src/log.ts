// Structured logs: pino, one JSON object per line on stdout (`level` as a word, an ISO `time`,
// `msg`, then the fields), behind a small interface so callers never see pino. Fields that name
// a secret are replaced by `[redacted]`: a second safety net, callers log no secret to begin with.
import { pino } from 'pino';

export type LogLevel = 'debug' | 'info' | 'warn' | 'error' | 'silent';

export type LogFields = Record<string, unknown>;
export interface Logger {
  debug(msg: string, fields?: LogFields): void;
  info(msg: string, fields?: LogFields): void;
  warn(msg: string, fields?: LogFields): void;
  error(msg: string, fields?: LogFields): void;
}

/** Field names that hold a secret wherever they appear (at the top, or one or two levels down). */
const SECRET_FIELDS = [
  'authorization',
  'cookie',
  '["set-cookie"]',
  '["x-api-key"]',
  'api_key',
  'apiKey',
  'key',
  'token',
  'access_token',
  'refresh_token',
  'secret',
  'apiSecret',
  'callback_secret',
  'password',
  'pin',
];
export const REDACTED_PATHS = SECRET_FIELDS.flatMap((f) => {
  const child = f.startsWith('[') ? f : `.${f}`;
  return [f, `*${child}`, `*.*${child}`];
});

export function createLogger(
  level: LogLevel,
  write: (line: string) => void = (l) => process.stdout.write(l),
): Logger {
  const p = pino(
    {
      level,
      base: undefined,
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: { level: (label) => ({ level: label }) },
      redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
    },
    { write },
  );
  // The message goes in first so that it stays next to the level and time on the line (the
  // chaos loop and the crash test find `"msg":"listening","url":…`).
  const at =
    (lvl: Exclude<LogLevel, 'silent'>) =>
    (msg: string, fields: LogFields = {}) =>
      p[lvl]({ msg, ...fields });
  return { debug: at('debug'), info: at('info'), warn: at('warn'), error: at('error') };
}
