// A job's corrections per field with when each was made, as the desktop sync exchanges them (merged
// by the engine's mergeFieldEdits). Jobs corrected before the `field_edits` column existed have their
// edits only in `fields_detailed` (`edited: true`): those count as made at the job's `edited_at`.
// The desktop app stamps its edits in this service's time (it measures its clock's offset on every
// sync; docs/desktop.md).
import type { Job } from '@invoice-reader/db';
import type { TimedEdits } from '@invoice-reader/engine';

export function fieldEditsOf(job: Pick<Job, 'fieldEdits' | 'result' | 'editedAt'>): TimedEdits {
  if (job.fieldEdits) {
    try {
      return JSON.parse(job.fieldEdits) as TimedEdits;
    } catch {
      // A column that does not parse counts as none; the result still holds the values.
    }
  }
  if (!job.editedAt || !job.result) return {};
  try {
    const r = JSON.parse(job.result) as {
      fields_detailed?: Array<{ key: string; value: string; edited?: boolean }>;
    };
    const out: TimedEdits = {};
    for (const d of r.fields_detailed ?? []) if (d.edited) out[d.key] = { value: d.value, at: job.editedAt };
    return out;
  } catch {
    return {};
  }
}
