// How far the inbox scan got: the gaps it lists around the spans it got through, and how a listing
// that ended or stopped changes them. Times are epoch ms; Gmail's bounds are epoch seconds.
import { describe, expect, it } from 'vitest';
import {
  advanceGap,
  closeGap,
  complete,
  gapCount,
  gapQuery,
  MAX_SPANS,
  type Span,
  TOP_OVERLAP_MS,
} from './scan-position.js';

const S = 1000;
const at = 1_800_000_000 * S;
const q = 'has:attachment newer_than:14d';

describe('scan positions', () => {
  it('lists the search from the top, then on below where the last listing stopped', () => {
    expect(gapCount([])).toBe(1);
    expect(gapQuery([], 0, q)).toBe(q);
    expect(complete([])).toBe(false);

    // Stopped at a message received at 1 700 000 000.5 s: on from the end of that second.
    const spans = advanceGap([], 0, 1_700_000_000_500, at, true);
    expect(spans).toEqual([{ top: at, bottom: 1_700_000_000_500 }]);
    expect(gapCount(spans)).toBe(2);
    // The top is always the whole search (new mail, and mail that came late with an older date).
    expect(gapQuery(spans, 0, q)).toBe(q);
    expect(gapQuery(spans, 1, q)).toBe(`before:1700000001 ${q}`);
    // An empty search lists by the bounds alone.
    expect(gapQuery(spans, 1, '  ')).toBe('before:1700000001');
    // The whole search listed to its end: everything up to when that listing began.
    expect(closeGap(spans, 0, at + S)).toEqual([{ top: at + S, bottom: null }]);
    expect(complete(closeGap([], 0, at))).toBe(true);
  });

  it('a gap listed to its end joins the spans around it; the last one reaches the end of the mailbox', () => {
    const two: Span[] = [
      { top: at, bottom: at - 100 * S },
      { top: at - 500 * S, bottom: at - 900 * S },
    ];
    expect(gapCount(two)).toBe(3);
    expect(gapQuery(two, 1, 'x')).toBe(
      `after:${Math.floor((at - 500 * S - TOP_OVERLAP_MS) / S) - 1} before:${(at - 100 * S) / S + 1} x`,
    );
    const joined = closeGap(two, 1, at + S);
    expect(joined).toEqual([{ top: at, bottom: at - 900 * S }]);
    const whole = closeGap(joined, 1, at + S);
    expect(whole).toEqual([{ top: at, bottom: null }]);
    expect(gapCount(whole)).toBe(1);
    expect(complete(whole)).toBe(true);
  });

  it('the top listed part way makes a span of its own, joined to the one below once they meet', () => {
    const old: Span[] = [{ top: at - 3600 * S, bottom: null }];
    // It reached into what was got through before: nothing left between.
    expect(advanceGap(old, 0, at - 4000 * S, at, true)).toEqual([{ top: at, bottom: null }]);
    const split = advanceGap(old, 0, at - 1200 * S, at, false);
    expect(split).toEqual([
      { top: at, bottom: at - 1200 * S },
      { top: at - 3600 * S, bottom: null },
    ]);
    expect(gapCount(split)).toBe(2);
    expect(complete(split)).toBe(false);
    // The gap between: from the older span's top (less the overlap) to where the top stopped.
    expect(gapQuery(split, 1, q)).toBe(
      `after:${Math.floor((at - 3600 * S - TOP_OVERLAP_MS) / S) - 1} before:${(at - 1200 * S) / S + 1} ${q}`,
    );
    // The gap between them, stopped within the older span's overlap: they meet.
    expect(advanceGap(split, 1, at - 3700 * S, at + S, true)).toEqual([{ top: at, bottom: null }]);
    // A message dated ahead of the clock claims nothing.
    expect(advanceGap(old, 0, at + 10 * S, at, true)).toEqual(old);
  });

  it('a listing stopped by the limit keeps its place; one that used all its pages always gets further', () => {
    const spans: Span[] = [{ top: at, bottom: at - 100 * S + 400 }];
    // Stopped by the limit of new messages within the same second: nothing lost, nothing skipped.
    expect(advanceGap(spans, 1, at - 100 * S + 900, at, false)).toEqual(spans);
    // All its pages within one second: the rest of that second is stepped over.
    expect(advanceGap(spans, 1, at - 100 * S + 100, at, true)).toEqual([
      { top: at, bottom: at - 100 * S - 1 },
    ]);
    expect(advanceGap(spans, 1, at - 150 * S, at, true)).toEqual([{ top: at, bottom: at - 150 * S }]);
  });

  it('keeps at most MAX_SPANS, forgetting the oldest', () => {
    let spans: Span[] = [];
    for (let i = MAX_SPANS + 3; i > 0; i--)
      spans = advanceGap(spans, 0, at - i * 100 * S + 50 * S, at - i * 100 * S, false);
    expect(spans).toHaveLength(0); // each dated after its own listing began: nothing claimed
    for (let i = MAX_SPANS + 3; i > 0; i--)
      spans = advanceGap(spans, 0, at - i * 100 * S - 50 * S, at - i * 100 * S, false);
    expect(spans).toHaveLength(MAX_SPANS);
    expect(spans[0]).toEqual({ top: at - 100 * S, bottom: at - 150 * S });
  });
});
