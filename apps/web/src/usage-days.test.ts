// The chart's days: sums per UTC day, empty days as zero, nothing outside the window.
import { describe, expect, it } from 'vitest';
import { pagesPerDay } from './usage-days';

describe('pagesPerDay', () => {
  it('sums the journal by UTC day over the window ending today', () => {
    const days = pagesPerDay(
      [
        { at: '2026-03-10T23:59:00.000Z', sheets: 2 },
        { at: '2026-03-10T00:00:01.000Z', sheets: 3 },
        { at: '2026-03-08T12:00:00.000Z', sheets: 1 },
        { at: '2026-01-01T12:00:00.000Z', sheets: 9 },
      ],
      new Date('2026-03-10T15:00:00.000Z'),
      5,
    );
    expect(days).toEqual([
      { day: '2026-03-06', pages: 0 },
      { day: '2026-03-07', pages: 0 },
      { day: '2026-03-08', pages: 1 },
      { day: '2026-03-09', pages: 0 },
      { day: '2026-03-10', pages: 5 },
    ]);
  });

  it('crosses a month end', () => {
    const days = pagesPerDay(
      [{ at: '2026-02-28T10:00:00Z', sheets: 4 }],
      new Date('2026-03-01T01:00:00Z'),
      2,
    );
    expect(days).toEqual([
      { day: '2026-02-28', pages: 4 },
      { day: '2026-03-01', pages: 0 },
    ]);
  });
});
