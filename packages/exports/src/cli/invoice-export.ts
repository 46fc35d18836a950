// `invoice-export --export FORMAT [--out DIR] [--country CC] [--mode M] FILE...`: reads each file with
// the engine and writes it in an e-invoice format of the registry (a PDF's pages are kept by
// Factur-X). Lives here, not in the engine's invoice-parse: the engine does not depend on exports.
// One line per file on stdout (written) or stderr (refused, with each missing value). Exit 0 when
// every file was written, 1 when one was refused or unreadable, 2 on misuse.
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { countryOf, MODES, type RequestedMode, readInvoice, shutdownWorkers } from '@invoice-reader/engine';
import { safeFileName, uniqueFileName } from '../file-names.js';
import { EXPORT_FORMATS, type ExportFormat, exportFormat } from '../formats.js';
import { ExportRefused } from '../input.js';

const USAGE = `usage: invoice-export --export FORMAT [--out DIR] [--country CC] [--mode M] FILE...

  --export FORMAT  ${Object.keys(EXPORT_FORMATS).join(', ')}
  --out DIR        where the files go (default: the current directory; created if missing)
  --country CC     country of the business that received the invoice (default: de)
  --mode M         auto (default) or one reader only: ${MODES.filter((m) => m !== 'auto').join(', ')}
  --help           this text

Reading alone: invoice-parse (the engine's command).`;

interface Args {
  format: ExportFormat;
  formatName: string;
  out: string;
  country: string;
  mode: RequestedMode;
  files: string[];
}

export function parseArgs(argv: string[]): Args | string {
  let formatName: string | undefined;
  const args = { out: '.', country: 'de', mode: 'auto' as RequestedMode, files: [] as string[] };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    const value = (): string | undefined => argv[++i];
    if (a === '--export') {
      formatName = value();
      if (!formatName || !exportFormat(formatName))
        return `--export must be one of ${Object.keys(EXPORT_FORMATS).join(', ')}`;
    } else if (a === '--out') {
      const v = value();
      if (!v) return '--out needs a directory';
      args.out = v;
    } else if (a === '--country') {
      const v = value();
      if (!v || !countryOf(v)) return `unsupported country "${v ?? ''}"`;
      args.country = v.toLowerCase();
    } else if (a === '--mode') {
      const v = value() as RequestedMode | undefined;
      if (!v || !MODES.includes(v)) return `--mode must be one of ${MODES.join(', ')}`;
      args.mode = v;
    } else if (a === '--help' || a === '-h') return '';
    else if (a === '--') {
      args.files.push(...argv.slice(i + 1));
      break;
    } else if (a.startsWith('--')) return `unknown option ${a}`;
    else args.files.push(a);
  }
  if (!formatName) return '--export FORMAT is required';
  if (!args.files.length) return 'no FILE given';
  return { ...args, formatName, format: exportFormat(formatName)! };
}

const isPdf = (b: Uint8Array) => Buffer.from(b.subarray(0, 1024)).includes('%PDF-');

export async function main(
  argv: string[],
  out: (line: string) => void = (l) => process.stdout.write(`${l}\n`),
  err: (line: string) => void = (l) => process.stderr.write(`${l}\n`),
): Promise<number> {
  const args = parseArgs(argv);
  if (typeof args === 'string') {
    err(`${args ? `invoice-export: ${args}\n\n` : ''}${USAGE}`);
    return args ? 2 : 0;
  }
  let failed = false;
  try {
    await mkdir(args.out, { recursive: true });
    const taken = new Set<string>();
    for (const [i, file] of args.files.entries()) {
      const line = await exportOne(file, i + 1, args, taken);
      if (line.ok) out(line.text);
      else {
        failed = true;
        err(line.text);
      }
    }
  } finally {
    await shutdownWorkers();
  }
  return failed ? 1 : 0;
}

async function exportOne(
  file: string,
  n: number,
  args: Args,
  taken: Set<string>,
): Promise<{ ok: boolean; text: string }> {
  let bytes: Buffer;
  try {
    bytes = await readFile(file);
  } catch (e) {
    return { ok: false, text: `${file}: unreadable: ${(e as NodeJS.ErrnoException).code ?? e}` };
  }
  const r = await readInvoice(bytes, { country: args.country, mode: args.mode, filename: file });
  if (r.status !== 'done' || !r.document)
    return { ok: false, text: `${file}: not read: ${r.error} (${r.message})` };
  const job = {
    jobId: n,
    country: args.country.toUpperCase(),
    fields: r.fields,
    fields_detailed: r.fields_detailed,
    document: r.document,
  };
  try {
    const written = await args.format.write(job, isPdf(bytes) ? bytes : undefined);
    // A plain name inside --out, whatever the invoice says (a FatturaPA is named by the seller's
    // VAT id); two inputs with one invoice number do not overwrite each other.
    const name = uniqueFileName(safeFileName(written.filename), taken);
    const target = path.join(args.out, name);
    await writeFile(target, written.bytes);
    return { ok: true, text: `${file} -> ${target}` };
  } catch (e) {
    if (!(e instanceof ExportRefused)) throw e;
    const why = e.refusals.map((x) => `\n  ${x.field}: ${x.message}`).join('');
    return { ok: false, text: `${file}: refused for ${args.formatName}:${why}` };
  }
}
