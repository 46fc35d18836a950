// The desktop app's sync (/api/v1/sync/*, beyond the spec; docs/desktop.md): a result read on the
// person's machine becomes a `done` job with `source: desktop` (one per content and account, never
// charged: the service read nothing), and corrections flow both ways, the later edit of a field
// winning (by instant, in this service's time: the desktop app stamps its edits so, see
// field-edits.ts). Every route needs a session (the desktop app sends it as `Authorization: Bearer`).
// Every answer states this service's time (`service_time`): the desktop app measures its clock by
// it, since a proxy in front may answer its own `Date` header.
import {
  SyncChangesOut,
  SyncChangesQuery,
  SyncJobIn,
  SyncJobOut,
  type ValidationErrorItem,
  type z,
} from '@invoice-reader/contract';
import {
  type Db,
  duplicateJob,
  inAccountTransaction,
  insertJob,
  type Job,
  jobById,
  jobsEditedAfter,
  updateJob,
} from '@invoice-reader/db';
import {
  applyFieldEdits,
  type Country,
  canonicalEditTime,
  checkFieldValue,
  countryOf,
  type Document,
  mergeFieldEdits,
  type TimedEdits,
} from '@invoice-reader/engine';
import { Router } from 'express';
import { requireSession, sessionOf } from '../auth/sessions.js';
import { HttpError, ValidationFailed } from '../http/errors.js';
import { validate } from '../http/validation.js';
import { fieldEditsOf } from './field-edits.js';
import { syncJsonBody } from './json-body.js';
import { serviceTime } from './service-time.js';

export interface SyncDeps {
  db: Db;
  publicUrl: string;
  /** The largest file the service reads: a synced result may carry the document of one that large. */
  config: { maxUploadBytes: number };
}

type SyncJob = z.infer<typeof SyncJobIn>;

export function syncRouter({ db, publicUrl, config }: SyncDeps): Router {
  const router = Router();
  const session = requireSession(db, publicUrl);

  router.post('/api/v1/sync/jobs', session, syncJsonBody(config.maxUploadBytes), async (req, res) => {
    const input = validate(SyncJobIn, 'body', req.body);
    const country = countryOf(input.country);
    if (!country) throw new HttpError(400, 'unsupported_country');
    const edits = checkedEdits(input.edits, country);
    const { accountId } = sessionOf(res);
    const { job, duplicate } = await inAccountTransaction(db, accountId, async (tx) => {
      const earlier = await duplicateJob(tx, accountId, input.sha256);
      if (earlier) return { job: await mergeInto(tx, earlier, edits), duplicate: true };
      return { job: await insertSynced(tx, accountId, input, country, edits), duplicate: false };
    });
    res.json(
      SyncJobOut.parse({
        ok: true,
        job_id: job.id,
        duplicate,
        edited_at: job.editedAt,
        edits: fieldEditsOf(job),
        service_time: serviceTime(),
      }),
    );
  });

  router.get('/api/v1/sync/changes', session, async (req, res) => {
    const q = validate(SyncChangesQuery, 'query', req.query as Record<string, unknown>);
    const after = parseCursor(q.since);
    const rows = await jobsEditedAfter(db, sessionOf(res).accountId, after, q.limit);
    const last = rows.at(-1);
    res.json(
      SyncChangesOut.parse({
        ok: true,
        items: rows.map((j) => ({
          job_id: j.id,
          sha256: j.sha256,
          edited_at: j.editedAt,
          edits: fieldEditsOf(j),
        })),
        cursor: last ? `${last.editedAt}|${last.id}` : q.since,
        more: rows.length === q.limit,
        service_time: serviceTime(),
      }),
    );
  });

  return router;
}

/** The cursor `editedAt|id` of an earlier answer; anything else is a 422 on `since`. */
function parseCursor(since: string): { editedAt: string; id: number } | null {
  if (!since) return null;
  const m = /^(\d{4}-\d\d-\d\dT[\d:.]+Z)\|(\d{1,12})$/.exec(since);
  if (!m)
    throw new ValidationFailed([
      {
        type: 'value_error',
        loc: ['query', 'since'],
        msg: 'Value error, not a cursor of this service',
        input: since,
      },
    ]);
  return { editedAt: m[1]!, id: Number(m[2]) };
}

/** Each edited value passes the same check as a correction typed in the web application. */
function checkedEdits(edits: TimedEdits, country: Country): TimedEdits {
  const out: TimedEdits = {};
  const issues: ValidationErrorItem[] = [];
  for (const [key, edit] of Object.entries(edits)) {
    const c = checkFieldValue(key, edit.value, country);
    if ('value' in c) out[key] = { value: c.value, at: canonicalEditTime(edit.at) };
    else
      issues.push({
        type: 'value_error',
        loc: ['body', 'edits', key, 'value'],
        msg: `Value error, ${c.message}`,
        input: edit.value,
        ctx: { kind: c.kind },
      });
  }
  if (issues.length) throw new ValidationFailed(issues);
  return out;
}

/**
 * The fields and checks are made again from the document (with the edits): the client's own
 * fields are not taken as they are. A document the engine cannot project is refused.
 */
function project(document: Document, edits: TimedEdits, country: Country, today: string) {
  const values = Object.fromEntries(Object.entries(edits).map(([k, e]) => [k, e.value]));
  try {
    return applyFieldEdits(document, values, country, today);
  } catch {
    throw new ValidationFailed([
      {
        type: 'value_error',
        loc: ['body', 'result', 'document'],
        msg: "Value error, not a document of the engine's shape",
        input: null,
      },
    ]);
  }
}

async function insertSynced(
  db: Db,
  accountId: number,
  s: SyncJob,
  country: Country,
  edits: TimedEdits,
): Promise<Job> {
  const now = new Date().toISOString();
  const edited = project(s.result.document as unknown as Document, edits, country, s.read_at.slice(0, 10));
  // `edited_at` is when the service recorded the change (the cursor of /sync/changes); each
  // field's own time stays in `field_edits`.
  const editedAt = Object.keys(edits).length ? now : null;
  return await insertJob(db, {
    accountId,
    apiKeyId: null,
    source: 'desktop',
    status: 'done',
    country: country.code,
    filename: s.filename,
    fileType: s.file_type,
    size: s.size,
    sha256: s.sha256,
    mode: s.mode,
    pages: s.pages,
    pagesScanned: s.pages_scanned,
    // Read on the person's machine: nothing reserved, nothing charged, whatever the client says.
    result: JSON.stringify({
      ...edited,
      tried: s.result.tried ?? (s.mode ? [s.mode] : []),
      file_type: s.file_type,
    }),
    fieldEdits: JSON.stringify(edits),
    editedAt,
    createdAt: s.read_at,
    startedAt: s.read_at,
    finishedAt: now,
  });
}

/** Merges edits into the account's earlier job of the same content (a done one; others wait). */
async function mergeInto(db: Db, job: Job, incoming: TimedEdits): Promise<Job> {
  const country = countryOf(job.country);
  const stored = job.result ? JSON.parse(job.result) : null;
  if (job.status !== 'done' || !country || !stored?.document) return job;
  const { merged, changed } = mergeFieldEdits(fieldEditsOf(job), incoming);
  if (!changed) return job;
  const edited = project(stored.document, merged, country, job.createdAt.slice(0, 10));
  await updateJob(db, job.id, {
    result: JSON.stringify({ ...stored, ...edited }),
    fieldEdits: JSON.stringify(merged),
    editedAt: new Date().toISOString(),
  });
  return (await jobById(db, job.id)) ?? job;
}
