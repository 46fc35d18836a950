// Files a person adds in the window (dropped on the list, or chosen in the "Add files" dialog) are
// kept by the app in its own folder beside the store (`files/`), so that they can be shown, read
// again and exported like the files of a watched folder; and deleting an invoice removes its file.
import { constants } from 'node:fs';
import { mkdir, realpath, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { readStable, sha256 } from './files.js';
import { safeName } from './move.js';

/** The folder (in the store folder) where added files are kept. */
export const ADDED_DIR = 'files';

/** The types the window accepts, as the web's upload does (the engine sniffs the content itself). */
const ACCEPTED = /\.(pdf|png|jpe?g|xml|p7m)$/i;

export function acceptedName(name: string): boolean {
  return ACCEPTED.test(name);
}

/**
 * Writes an added file's bytes under `storeDir/files/`, named by the start of its hash and its own
 * (made safe) name, never over another file; answers its path.
 */
export async function keepAddedFile(storeDir: string, name: string, bytes: Uint8Array): Promise<string> {
  const dir = path.join(storeDir, ADDED_DIR);
  await mkdir(dir, { recursive: true });
  const file = path.join(dir, `${sha256(bytes).slice(0, 16)}-${safeName(path.basename(name))}`);
  try {
    await writeFile(file, bytes, { flag: constants.O_CREAT | constants.O_EXCL | constants.O_WRONLY });
  } catch (err) {
    // The same content under the same name is already there (added, deleted, added again).
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
  }
  return file;
}

/**
 * Removes the file of a deleted invoice when it is still the content that was read (a file that
 * changed since is another invoice and stays) and lies inside one of `roots` (the app's own
 * folder or a watched folder; links resolved). Answers whether it was removed.
 */
export async function removeReadFile(file: string, expectedSha: string, roots: string[]): Promise<boolean> {
  let real: string;
  try {
    real = await realpath(file);
  } catch {
    return false; // already gone
  }
  const inside = await Promise.all(
    roots.map(async (r) => {
      const realRoot = await realpath(r).catch(() => null);
      return !!realRoot && real.startsWith(realRoot + path.sep);
    }),
  );
  if (!inside.some(Boolean)) return false;
  const bytes = await readStable(real);
  if (!bytes || sha256(bytes) !== expectedSha) return false;
  await unlink(real);
  return true;
}
