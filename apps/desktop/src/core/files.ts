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

/**
 * Resolves once the file's size and modification time have stayed the same for `quietMs`
 * (a copy in progress keeps changing them); answers false when the file went away.
 */
export async function waitUntilStable(file: string, quietMs: number, pollMs = 100): Promise<boolean> {
  let last = '';
  let since = Date.now();
  for (;;) {
    let now: string;
    try {
      const s = await stat(file);
      // Not written to for longer than `quietMs` already (a file that was there before): no wait.
      if (!last && Date.now() - s.mtimeMs >= quietMs) return true;
      now = `${s.size}:${s.mtimeMs}`;
    } catch {
      return false;
    }
    if (now !== last) {
      last = now;
      since = Date.now();
    } else if (Date.now() - since >= quietMs) return true;
    await new Promise((r) => setTimeout(r, pollMs));
  }
}

export async function readStable(file: string): Promise<Buffer | null> {
  try {
    return await readFile(file);
  } catch {
    return null;
  }
}
