// How far the inbox scan has got through a search: stretches of receive times ("spans") whose
// messages were all listed and read (or seen read before), and the gaps between them that scans
// still list. Every scan lists the search from its newest message first (gap 0: new mail, and mail
// that arrived late with an older date), then the gaps below, newest first, each as Gmail's search
// bounded by `after:` / `before:` in epoch seconds. Page tokens would be shorter but expire, and
// message ids say nothing about order; receive times are what Gmail lists by, newest first.
import type { InboxScanSpan } from '@invoice-reader/db';

export type Span = InboxScanSpan;

/**
 * A listing of a gap reaches this far below the top of the span under it: mail received shortly
 * before a listing may reach the search's index only after it, and the service's clock (which sets
 * a span's top) is not Google's.
 */
export const TOP_OVERLAP_MS = 10 * 60_000;
/** Spans kept; older ones are forgotten, which only means listing their messages again. */
export const MAX_SPANS = 8;

const sec = (ms: number) => Math.floor(ms / 1000);

/** The search was got through to the end of the mailbox: only new mail is left to list. */
export const complete = (spans: readonly Span[]): boolean => spans.length === 1 && spans[0]!.bottom === null;

/**
 * The gaps a scan lists: gap 0, the search from its newest message; then gap `i`, below
 * `spans[i - 1]` and above `spans[i]`, none below a span that reaches the end of the mailbox.
 */
export function gapCount(spans: readonly Span[]): number {
  return spans.at(-1)?.bottom === null ? spans.length : spans.length + 1;
}

/**
 * Gmail's `q` for gap `i`: the bounds, then the person's search. Each bound takes in its own
 * second (Gmail's seconds may or may not include it; a span's ends are milliseconds), the lower
 * one TOP_OVERLAP_MS more. Messages listed again are skipped as seen. The bounds go first: a
 * search ending in an open quote cannot swallow them, and `OR` binds tighter than the implicit AND.
 */
export function gapQuery(spans: readonly Span[], i: number, query: string): string {
  const upper = i > 0 ? spans[i - 1] : undefined;
  const lower = i > 0 ? spans[i] : undefined;
  const bounds: string[] = [];
  if (lower) bounds.push(`after:${Math.max(0, sec(lower.top - TOP_OVERLAP_MS) - 1)}`);
  if (upper?.bottom != null) bounds.push(`before:${sec(upper.bottom) + 1}`);
  return [...bounds, query.trim()].filter(Boolean).join(' ');
}

/**
 * The listing of gap `i`, begun at `at` (the service's clock), reached its end. Gap 0 is the whole
 * search: everything up to `at` was got through.
 */
export function closeGap(spans: readonly Span[], i: number, at: number): Span[] {
  if (i === 0) return [{ top: at, bottom: null }];
  const next = spans.map((s) => ({ ...s }));
  const upper = next[i - 1]!;
  const lower = next[i];
  if (!lower) upper.bottom = null;
  else {
    upper.bottom = lower.bottom;
    next.splice(i, 1);
  }
  return normalise(next);
}

/**
 * The listing of gap `i`, begun at `at`, stopped after a message received at `date`: everything
 * it listed before was read or seen. `full`: it used a full share of pages (not stopped by the
 * limit of new messages, nor short of pages), so it must have got further than the last one did:
 * when all its pages fell within one second, the rest of that second is stepped over (a thousand
 * messages or more received within one second; the ones of that second not yet listed are not read).
 */
export function advanceGap(
  spans: readonly Span[],
  i: number,
  date: number,
  at: number,
  full: boolean,
): Span[] {
  const next = spans.map((s) => ({ ...s }));
  const upper = i > 0 ? next[i - 1] : undefined;
  if (!upper) {
    // A message dated ahead of the clock: nothing to claim (a top in the future would hide new mail).
    if (date > at) return next;
    next.unshift({ top: at, bottom: date });
  } else if (upper.bottom !== null) {
    let bottom = Math.min(upper.bottom, date);
    if (full && sec(bottom) >= sec(upper.bottom)) bottom = sec(upper.bottom) * 1000 - 1;
    upper.bottom = bottom;
  }
  return normalise(next);
}

/** Newest first, overlapping spans merged, at most MAX_SPANS (the oldest forgotten). */
function normalise(spans: Span[]): Span[] {
  const sorted = [...spans].sort((a, b) => b.top - a.top);
  const out: Span[] = [];
  for (const s of sorted) {
    const last = out.at(-1);
    if (!last) out.push({ ...s });
    else if (last.bottom === null)
      break; // reaches the end already: the older spans lie within it
    else if (s.top >= last.bottom) last.bottom = s.bottom === null ? null : Math.min(last.bottom, s.bottom);
    else out.push({ ...s });
  }
  return out.slice(0, MAX_SPANS);
}
