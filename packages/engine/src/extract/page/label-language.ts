// The language a page's labels are written in: the language whose labels (lexicon/labels.json)
// open the most segments, when it is clearly ahead of the next. Tells which reading a sign shared
// by several currencies or forms has ("$" on a French or Spanish invoice is no sure US dollar).

import { labelSourcesByLanguage } from '../lexicon/lexicon.js';
import { normalizeLabelText } from './labels.js';
import type { PageLayout } from './layout.js';

const BY_LANGUAGE = [...labelSourcesByLanguage()].map(
  ([lang, sources]) => [lang, new RegExp(`^(?:${sources.join('|')})(?=$|[\\s:.#/,;(|\\]-])`, 'u')] as const,
);

/** The language of most of the page's labels, or undefined when none is clearly ahead. */
export function labelLanguage(layouts: PageLayout[]): string | undefined {
  const counts = new Map<string, number>();
  for (const seg of layouts.flatMap((l) => l.lines.flat())) {
    const text = normalizeLabelText(seg.text);
    for (const [lang, re] of BY_LANGUAGE) if (re.test(text)) counts.set(lang, (counts.get(lang) ?? 0) + 1);
  }
  const [first, second] = [...counts].sort((a, b) => b[1] - a[1]);
  return first && first[1] >= 2 && first[1] >= 2 * (second?.[1] ?? 0) ? first[0] : undefined;
}
