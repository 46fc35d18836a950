// Structured logs: one JSON object per line on stdout, with a level, a time and a message.
export type LogLevel = 'debug' | 'info' | 'warn' | 'error' | 'silent';
const RANK: Record<LogLevel, number> = { debug: 10, info: 20, warn: 30, error: 40, silent: 100 };

export type LogFields = Record<string, unknown>;
export interface Logger {
  debug(msg: string, fields?: LogFields): void;
  info(msg: string, fields?: LogFields): void;
  warn(msg: string, fields?: LogFields): void;
  error(msg: string, fields?: LogFields): void;
}

export function createLogger(
  level: LogLevel,
  write: (line: string) => void = (l) => process.stdout.write(l),
): Logger {
  const at =
    (lvl: Exclude<LogLevel, 'silent'>) =>
    (msg: string, fields: LogFields = {}) => {
      if (RANK[lvl] < RANK[level]) return;
      write(`${JSON.stringify({ level: lvl, time: new Date().toISOString(), msg, ...fields })}\n`);
    };
  return { debug: at('debug'), info: at('info'), warn: at('warn'), error: at('error') };
}
