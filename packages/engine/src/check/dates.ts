// Plausibility of invoice dates: ISO calendar dates (YYYY-MM-DD) that really exist, a due
// date not before the issue date, and an issue date in a sane window. Catches OCR and
// day/month mix-ups; it does not judge payment terms.

export interface DatesCheck {
  ok: boolean;
  reason?: 'due_before_issue' | 'issue_implausible' | 'invalid_date';
}

/** Earliest issue date we treat as plausible for a document being processed today. */
const EARLIEST_ISSUE = '1990-01-01';

/** True for a real calendar date in the form YYYY-MM-DD (e.g. rejects 2023-02-29). */
export function isIsoDate(s: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(s);
  if (!m) return false;
  const year = Number(m[1]);
  const month = Number(m[2]);
  const day = Number(m[3]);
  if (month < 1 || month > 12 || day < 1) return false;
  // Day 0 of the next month is the last day of this one; UTC avoids DST edge cases.
  return day <= new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/** Today's date in UTC as YYYY-MM-DD; only used when the caller does not pass `today`. */
function utcToday(): string {
  return new Date().toISOString().slice(0, 10);
}

/**
 * Checks issue and due dates. Missing dates are not an error. ISO dates compare correctly as
 * strings, so "today + 1 year" is just the year bumped (a 29 February still sorts right).
 */
export function checkDates(input: { issueDate?: string; dueDate?: string; today?: string }): DatesCheck {
  const { issueDate, dueDate } = input;
  const today = input.today ?? utcToday();
  for (const d of [issueDate, dueDate, today]) {
    if (d !== undefined && !isIsoDate(d)) return { ok: false, reason: 'invalid_date' };
  }
  if (issueDate !== undefined) {
    const latest = String(Number(today.slice(0, 4)) + 1).padStart(4, '0') + today.slice(4);
    if (issueDate < EARLIEST_ISSUE || issueDate > latest) return { ok: false, reason: 'issue_implausible' };
    if (dueDate !== undefined && dueDate < issueDate) return { ok: false, reason: 'due_before_issue' };
  }
  return { ok: true };
}
