// Writing one file per chosen invoice: every invoice is tried, so a refused one neither stops
// the others nor hides their reasons. What was written is downloaded, what was refused listed.
import type { ExportedFile } from './data.js';

export interface EachOutcome {
  files: ExportedFile[];
  /** Each refused invoice with what it was refused with (a DataError, mostly). */
  failed: { id: number; error: unknown }[];
}

export async function exportEach(
  ids: readonly number[],
  write: (id: number) => Promise<ExportedFile>,
): Promise<EachOutcome> {
  const settled = await Promise.allSettled(ids.map((id) => write(id)));
  const out: EachOutcome = { files: [], failed: [] };
  settled.forEach((s, i) => {
    if (s.status === 'fulfilled') out.files.push(s.value);
    else out.failed.push({ id: ids[i]!, error: s.reason });
  });
  return out;
}
