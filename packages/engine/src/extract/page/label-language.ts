// The language a page's labels are written in: the language whose labels (lexicon/labels.json)
// open the most segments, when it is clearly ahead of the next. Tells which reading a sign shared
// by several currencies or forms has ("$" on a French or Spanish invoice is no sure US dollar).

import { labelSourcesByLanguage, WEAK_LABEL_SOURCES } from '../lexicon/lexicon.js';
import { compileLabels, foldGreekAccents, labelKey } from './labels.js';
import type { PageLayout } from './layout.js';

const BY_LANGUAGE = [...labelSourcesByLanguage()].map(
  ([lang, sources]) => [lang, compileLabels(sources)] as const,
);

/** A label that is one generic word ("Total", "IVA", "Datum"), shared by many languages. */
const GENERIC = new RegExp(`^(?:${WEAK_LABEL_SOURCES.map(foldGreekAccents).join('|')})[\\s:.]*$`, 'iu');

/** How many of the page's segments open with each language's labels, most first. */
function labelCounts(layouts: PageLayout[]): Array<[string, number]> {
  const counts = new Map<string, number>();
  for (const seg of layouts.flatMap((l) => l.lines.flat())) {
    const text = labelKey(seg.text);
    for (const [lang, re] of BY_LANGUAGE) {
      const m = re.exec(text);
      // (a generic label, "Total", "IVA", "Data", is every language's and says nothing)
      if (m && !GENERIC.test(m[0].trim())) counts.set(lang, (counts.get(lang) ?? 0) + 1);
    }
  }
  return [...counts].sort((a, b) => b[1] - a[1]);
}

/** The language clearly ahead in label counts (most first), if one is. */
function leader(counts: Array<[string, number]>): string | undefined {
  const [first, second] = counts;
  return first && first[1] >= 2 && first[1] >= 2 * (second?.[1] ?? 0) ? first[0] : undefined;
}

/** The language of most of the page's labels, or undefined when none is clearly ahead. */
export function labelLanguage(layouts: PageLayout[]): string | undefined {
  return leader(labelCounts(layouts));
}

/**
 * Whether the page's labels are of languages that all write decimals with a comma
 * (`commaLanguages`): the language clearly ahead, or, when two or more share the lead (Spanish,
 * Portuguese and Italian share "Total", "IVA", "Base imponible"), every language within half of
 * the leader's count.
 */
export function labelsOfCommaLanguages(layouts: PageLayout[], commaLanguages: ReadonlySet<string>): boolean {
  const counts = labelCounts(layouts);
  const first = counts[0];
  if (!first || first[1] < 2) return false;
  const lang = leader(counts);
  if (lang) return commaLanguages.has(lang);
  return counts.filter(([, n]) => 2 * n >= first[1]).every(([l]) => commaLanguages.has(l));
}
