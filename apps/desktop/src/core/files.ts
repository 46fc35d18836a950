// The files a watched folder offers: which names are junk (temp files, OS litter, partial
// downloads), a walk of the folder, the content hash, and waiting until a file stops changing
// (a copy or a scanner still writing) before it is read.
import { createHash } from 'node:crypto';
import { readdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';

const JUNK_NAMES = new Set(['thumbs.db', 'desktop.ini', '.ds_store', 'icon\r', '__macosx', '$recycle.bin']);
const JUNK_SUFFIXES = [
  '.tmp',
  '.temp',
  '.part',
  '.partial',
  '.crdownload',
  '.download',
  '.swp',
  '.lock',
  '~',
];

/** Whether a file or folder name is never an invoice: hidden, a lock or temp file, OS litter. */
export function isJunk(name: string): boolean {
  const lower = name.toLowerCase();
  if (lower.startsWith('.') || lower.startsWith('~$') || lower.startsWith('~lock')) return true;
  if (JUNK_NAMES.has(lower)) return true;
  return JUNK_SUFFIXES.some((s) => lower.endsWith(s));
}

/** Whether any part of `file` below `root` is junk (a file inside `.git/` or `__MACOSX/` is). */
export function isJunkPath(root: string, file: string): boolean {
  const rel = path.relative(root, file);
  if (!rel || rel.startsWith('..')) return false;
  return rel.split(path.sep).some(isJunk);
}

/** Every non-junk file below `root`, sorted (a missing root answers none). */
export async function walk(root: string): Promise<string[]> {
  const out: string[] = [];
  const visit = async (dir: string): Promise<void> => {
    let entries: import('node:fs').Dirent[];
    try {
      entries = await readdir(dir, { withFileTypes: true });
    } catch {
      return;
    }
    for (const e of entries) {
      if (isJunk(e.name)) continue;
      const full = path.join(dir, e.name);
      if (e.isDirectory()) await visit(full);
      else if (e.isFile()) out.push(full);
    }
  };
  await visit(root);
  return out.sort();
}

export function sha256(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex');
}

/** A file's size and modification time as one string (what changes while it is written). */
export async function signature(file: string): Promise<{ sig: string; mtimeMs: number } | null> {
  try {
    const s = await stat(file);
    return s.isFile() ? { sig: `${s.size}:${s.mtimeMs}`, mtimeMs: s.mtimeMs } : null;
  } catch {
    return null;
  }
}

/**
 * Resolves with the file's signature once its size and modification time have stayed the same
 * for `quietMs` (a copy in progress keeps changing them), or null when the file went away. A file
 * not written to for longer than that already (one that was there before) answers at once.
 */
export async function waitUntilStable(file: string, quietMs: number, pollMs = 100): Promise<string | null> {
  let last = await signature(file);
  if (!last) return null;
  if (Date.now() - last.mtimeMs >= quietMs) return last.sig;
  let since = Date.now();
  for (;;) {
    await new Promise((r) => setTimeout(r, pollMs));
    const now = await signature(file);
    if (!now) return null;
    if (now.sig !== last.sig) {
      last = now;
      since = Date.now();
    } else if (Date.now() - since >= quietMs) return now.sig;
  }
}

export async function readStable(file: string): Promise<Buffer | null> {
  try {
    return await readFile(file);
  } catch {
    return null;
  }
}
