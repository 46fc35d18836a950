// The headless command's arguments: checked up front, so a wrong call answers a clear usage error
// (exit 2) before anything is opened.
import { countryOf } from '@invoice-reader/engine';

export const USAGE = `usage: invoice-reader-headless --watch DIR [--watch DIR...] --store DIR [options]

  --watch DIR        a folder whose invoices are read (more than one: repeat it)
  --store DIR        the folder of the local store (created when missing)
  --once             read what is in the folders now, print one JSON line per file, and exit
  --country CC       country of the business that received the invoices (default: de)
  --move PATTERN     move each read file, e.g. "done/" or "{seller}/{date}_{no}.pdf"
  --concurrency N    files read at the same time (default: 2)
  --server URL       sync with the hosted service at URL (after signing in; see docs/desktop.md)
  --sign-in EMAIL    send a sign-in link to EMAIL, then paste the link (or its token) on stdin
  --help             this text`;

export interface HeadlessArgs {
  watch: string[];
  store: string;
  once: boolean;
  country: string;
  move: string | null;
  concurrency: number;
  server: string | null;
  signIn: string | null;
}

export function parseHeadlessArgs(argv: string[]): HeadlessArgs | string {
  const a: HeadlessArgs = {
    watch: [],
    store: '',
    once: false,
    country: 'de',
    move: null,
    concurrency: 2,
    server: null,
    signIn: null,
  };
  for (let i = 0; i < argv.length; i++) {
    const opt = argv[i]!;
    const value = (): string | undefined => {
      const v = argv[++i];
      return v === undefined || v.startsWith('--') ? undefined : v;
    };
    switch (opt) {
      case '--help':
      case '-h':
        return '';
      case '--once':
        a.once = true;
        break;
      case '--watch': {
        const v = value();
        if (!v) return '--watch needs a folder';
        a.watch.push(v);
        break;
      }
      case '--store': {
        const v = value();
        if (!v) return '--store needs a folder';
        a.store = v;
        break;
      }
      case '--country': {
        const v = value();
        if (!v || !countryOf(v)) return `--country needs a supported country code (got "${v ?? ''}")`;
        a.country = v.toLowerCase();
        break;
      }
      case '--move': {
        const v = value();
        if (!v) return '--move needs a pattern';
        a.move = v;
        break;
      }
      case '--concurrency': {
        const v = Number(value());
        if (!Number.isInteger(v) || v < 1 || v > 16) return '--concurrency needs a whole number from 1 to 16';
        a.concurrency = v;
        break;
      }
      case '--server': {
        const v = value();
        if (!v || !URL.canParse(v) || !/^https?:$/.test(new URL(v).protocol))
          return '--server needs an http(s) URL';
        a.server = v.replace(/\/+$/, '');
        break;
      }
      case '--sign-in': {
        const v = value();
        if (!v?.includes('@')) return '--sign-in needs an e-mail address';
        a.signIn = v;
        break;
      }
      default:
        return `unknown option ${opt}`;
    }
  }
  if (!a.store) return '--store is required';
  if (a.signIn && !a.server) return '--sign-in needs --server';
  if (!a.watch.length && !a.signIn) return '--watch is required';
  return a;
}
