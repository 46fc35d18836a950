// Pages per day for the usage chart: the journal's entries summed by UTC calendar day over the
// last `days` days ending today, days without use included as zero.
export interface UsageDay {
  day: string;
  pages: number;
}

export function pagesPerDay(
  entries: ReadonlyArray<{ at: string; sheets: number }>,
  today: Date,
  days = 30,
): UsageDay[] {
  const sums = new Map<string, number>();
  for (const e of entries) {
    const day = e.at.slice(0, 10);
    sums.set(day, (sums.get(day) ?? 0) + e.sheets);
  }
  const end = Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate());
  const out: UsageDay[] = [];
  for (let i = days - 1; i >= 0; i--) {
    const day = new Date(end - i * 86_400_000).toISOString().slice(0, 10);
    out.push({ day, pages: sums.get(day) ?? 0 });
  }
  return out;
}
