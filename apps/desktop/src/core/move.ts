// Moving a read file where the person asked: into `done/` or by a pattern of its fields such as
// `{seller}/{date}_{no}.pdf`. Names are made safe for every OS, the file keeps its own extension,
// and an existing file is never overwritten (a number is added instead).
import { constants } from 'node:fs';
import { copyFile, mkdir, unlink } from 'node:fs/promises';
import path from 'node:path';

/** The tokens a pattern may use, and the fields they take their value from. */
const TOKENS: Record<string, string[]> = {
  seller: ['seller_name', 'vendor_name'],
  buyer: ['buyer_name'],
  no: ['invoice_no', 'invoice_number'],
  date: ['invoice_date'],
  gross: ['gross_amount'],
  currency: ['currency'],
};

// Characters no file system takes (Windows is the strictest), control characters, trailing dots.
const UNSAFE = /[<>:"/\\|?*\p{Cc}]/gu;
const RESERVED = /^(con|prn|aux|nul|com\d|lpt\d)$/i;

export function safeName(raw: string): string {
  let name = raw
    .replace(UNSAFE, '_')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/[. ]+$/, '');
  if (!name || name === '.' || name === '..') name = '_';
  if (RESERVED.test(name)) name = `_${name}`;
  return name.slice(0, 120);
}

/**
 * The path (relative to the watched folder) a file moves to. `done/` (a pattern ending in `/`)
 * keeps the file's name; otherwise each `{token}` is filled from the fields (`unknown` when the
 * field is empty), each folder level is made safe, and the extension is the file's own.
 */
export function targetOf(pattern: string, fields: Record<string, string>, original: string): string {
  const ext = path.extname(original);
  if (pattern.endsWith('/'))
    return path.join(...pattern.split('/').filter(Boolean).map(safeName), path.basename(original));
  const filled = pattern.replace(/\{(\w+)\}/g, (_, token: string) => {
    if (token === 'name') return path.basename(original, ext);
    const value = (TOKENS[token] ?? []).map((k) => fields[k]).find((v) => v?.trim());
    return value ? value.replace(/\//g, '-') : 'unknown';
  });
  const parts = filled.split('/').filter(Boolean).map(safeName);
  const last = parts.pop() ?? '_';
  const stem = path.extname(last) ? last.slice(0, -path.extname(last).length) : last;
  return path.join(...parts, `${safeName(stem)}${ext}`);
}

/** Moves `file` to `root/relative`, adding ` (2)`, ` (3)`… instead of overwriting; answers the new path. */
export async function moveInto(file: string, root: string, relative: string): Promise<string> {
  const wanted = path.resolve(root, relative);
  if (!wanted.startsWith(path.resolve(root) + path.sep))
    throw new Error('the move pattern leaves the folder');
  await mkdir(path.dirname(wanted), { recursive: true });
  const ext = path.extname(wanted);
  const stem = wanted.slice(0, wanted.length - ext.length);
  for (let n = 1; n < 1000; n++) {
    const target = n === 1 ? wanted : `${stem} (${n})${ext}`;
    if (target === file) return file;
    try {
      // COPYFILE_EXCL refuses an existing target (rename would overwrite it on POSIX); copy then
      // unlink also works across disks.
      await copyFile(file, target, constants.COPYFILE_EXCL);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'EEXIST') continue;
      throw err;
    }
    await unlink(file);
    return target;
  }
  throw new Error(`no free name for ${relative}`);
}
