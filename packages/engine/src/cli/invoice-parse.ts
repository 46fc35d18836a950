// `invoice-parse [--country CC] [--mode auto|xml|qr|text|ocr] [--json] FILE...`
// With --json: one JSON object per line per file ({file, ...result}), as the corpus scorer reads.
// Without: a short table per file. Exit 0 when every file was read, 1 when one failed, 2 on misuse.
import { readFile } from 'node:fs/promises';
import { countryOf } from '../project/countries.js';
import { readInvoice } from '../read-invoice.js';
import { MODES, type ReadResult, type RequestedMode } from '../result.js';

const USAGE = `usage: invoice-parse [--country CC] [--mode auto|xml|qr|text|ocr] [--json] FILE...

  --country CC   country of the business that received the invoice (default: de);
                 decides the field set
  --mode M       auto (default: XML, then QR, then text layer, then OCR) or one reader only
  --json         one JSON object per line per file instead of a table
  --help         this text`;

interface Args {
  country: string;
  mode: RequestedMode;
  json: boolean;
  files: string[];
}

export function parseArgs(argv: string[]): Args | string {
  const args: Args = { country: 'de', mode: 'auto', json: false, files: [] };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    const value = (): string | undefined => argv[++i];
    if (a === '--json') args.json = true;
    else if (a === '--country') {
      const v = value();
      if (!v) return '--country needs a value';
      if (!countryOf(v)) return `unsupported country "${v}"`;
      args.country = v.toLowerCase();
    } else if (a === '--mode') {
      const v = value() as RequestedMode | undefined;
      if (!v || !MODES.includes(v)) return `--mode must be one of ${MODES.join(', ')}`;
      args.mode = v;
    } else if (a === '--help' || a === '-h') return '';
    else if (a === '--') {
      args.files.push(...argv.slice(i + 1));
      break;
    } else if (a === '--export')
      // Writing e-invoices belongs to packages/exports, which depends on the engine, not the reverse.
      return '--export is the command invoice-export: invoice-export --export FORMAT [--out DIR] FILE...';
    else if (a.startsWith('--')) return `unknown option ${a}`;
    else args.files.push(a);
  }
  if (!args.files.length) return 'no FILE given';
  return args;
}

export async function main(
  argv: string[],
  out: (line: string) => void = (l) => process.stdout.write(`${l}\n`),
) {
  const args = parseArgs(argv);
  if (typeof args === 'string') {
    process.stderr.write(`${args ? `invoice-parse: ${args}\n\n` : ''}${USAGE}\n`);
    return args ? 2 : 0;
  }
  let anyFailed = false;
  for (const file of args.files) {
    const result = await readOne(file, args);
    if (result.status === 'failed') anyFailed = true;
    out(args.json ? JSON.stringify({ file, ...result }) : table(file, result));
  }
  return anyFailed ? 1 : 0;
}

async function readOne(file: string, args: Args): Promise<ReadResult> {
  let bytes: Uint8Array;
  try {
    bytes = await readFile(file);
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    return {
      status: 'failed',
      mode: null,
      tried: [],
      error: 'unreadable_file',
      message: code === 'ENOENT' ? 'no such file' : `cannot read the file (${code ?? err})`,
      file_type: null,
      pages: 0,
      pages_scanned: 0,
      fields: {},
      fields_detailed: [],
      document: null,
      checks: [],
      ms: 0,
    };
  }
  return readInvoice(bytes, { country: args.country, mode: args.mode, filename: file });
}

function table(file: string, r: ReadResult): string {
  const head =
    r.status === 'done'
      ? `${file}: done (${r.mode}, ${r.pages} page${r.pages === 1 ? '' : 's'}, ${r.ms} ms)`
      : `${file}: failed: ${r.error} (${r.message})`;
  const width = Math.max(0, ...r.fields_detailed.map((f) => f.key.length));
  const rows = r.fields_detailed.map((f) => {
    const note =
      f.status === 'confirmed' ? '' : `  [${f.status}${f.flags.length ? `: ${f.flags.join(', ')}` : ''}]`;
    return `  ${f.key.padEnd(width)}  ${f.value}${note}`;
  });
  return [head, ...rows].join('\n');
}
