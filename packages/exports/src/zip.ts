// The zip of many exported files (`POST /api/v1/exports/{format}`): one entry per job, each
// deflated, names made safe and unique, and `refused.txt` listing each job that could not be
// written and why.
import { zipSync } from 'fflate';
import { safeFileName, uniqueFileName } from './file-names.js';
import type { ExportFile, Refusal } from './input.js';

export const REFUSED_TXT = 'refused.txt';
/** Lists, per job, the business terms taken from the account's company profile. */
export const FROM_PROFILE_TXT = 'from-profile.txt';

/** `refused.txt`: one line per job and missing value, `job 12: buyer_reference: …`. */
export const refusedText = (refusals: Refusal[]): string =>
  refusals.map((r) => `job ${r.job_id}: ${r.field}: ${r.message}\n`).join('');

/**
 * Every entry is a plain name at the top of the zip, whatever name a writer gave its file (names
 * come from what invoices say): `safeFileName` leaves no folder, `..`, leading slash, drive,
 * backslash or control character, so unzipping writes nothing outside the folder unzipped into;
 * names are then made unique without case (two invoices with one number, from two sellers, keep
 * both files; neither takes the name of `refused.txt`).
 */
export function zipFiles(files: ExportFile[], refusals: Refusal[] = [], fromProfile = ''): Buffer {
  const entries: Record<string, Uint8Array> = Object.create(null);
  // fflate gathers the entries in a plain object, where `__proto__` would set its prototype.
  const taken = new Set([REFUSED_TXT, FROM_PROFILE_TXT, '__proto__']);
  for (const f of files) entries[uniqueFileName(safeFileName(f.filename), taken)] = f.bytes;
  if (refusals.length) entries[REFUSED_TXT] = Buffer.from(refusedText(refusals), 'utf8');
  if (fromProfile) entries[FROM_PROFILE_TXT] = Buffer.from(fromProfile, 'utf8');
  // A fixed time: the same jobs give the same zip.
  return Buffer.from(zipSync(entries, { level: 6, mtime: new Date('2000-01-01T00:00:00Z') }));
}
