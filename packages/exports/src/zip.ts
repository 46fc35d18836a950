// The zip of many exported files (`POST /api/v1/exports/{format}`): one entry per job, each
// deflated, names made unique, and `refused.txt` listing each job that could not be written and why.
import { zipSync } from 'fflate';
import type { ExportFile, Refusal } from './input.js';

export const REFUSED_TXT = 'refused.txt';

/** `refused.txt`: one line per job and missing value, `job 12: buyer_reference: …`. */
export const refusedText = (refusals: Refusal[]): string =>
  refusals.map((r) => `job ${r.job_id}: ${r.field}: ${r.message}\n`).join('');

export function zipFiles(files: ExportFile[], refusals: Refusal[] = []): Buffer {
  const entries: Record<string, Uint8Array> = {};
  for (const f of files) {
    let name = f.filename;
    // Two invoices with one number (two sellers) keep both files.
    for (let n = 2; name in entries || name === REFUSED_TXT; n++)
      name = f.filename.replace(/(\.\w+)?$/, `-${n}$1`);
    entries[name] = f.bytes;
  }
  if (refusals.length) entries[REFUSED_TXT] = Buffer.from(refusedText(refusals), 'utf8');
  // A fixed time: the same jobs give the same zip.
  return Buffer.from(zipSync(entries, { level: 6, mtime: new Date('2000-01-01T00:00:00Z') }));
}
