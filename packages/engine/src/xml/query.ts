// Navigation over the parsed tree by local names (`A/B/C`), the way invoice syntaxes are read:
// prefixes differ between producers, local names do not.
import type { XmlElement } from './parse.js';

export function child(el: XmlElement | undefined, local: string): XmlElement | undefined {
  if (!el) return undefined;
  for (const c of el.children) if (c.local === local) return c;
  return undefined;
}

export function childrenOf(el: XmlElement | undefined, local: string): XmlElement[] {
  return el ? el.children.filter((c) => c.local === local) : [];
}

/** All elements reached by the path of local names, in document order. */
export function findAll(el: XmlElement | undefined, path: string): XmlElement[] {
  if (!el) return [];
  let level: XmlElement[] = [el];
  for (const step of path.split('/')) {
    const next: XmlElement[] = [];
    for (const e of level) for (const c of e.children) if (c.local === step) next.push(c);
    level = next;
    if (!level.length) break;
  }
  return level;
}

/** The first element reached by the path, trying every branch (not only the first child). */
export function find(el: XmlElement | undefined, path: string): XmlElement | undefined {
  if (!el) return undefined;
  return findFrom(el, path.split('/'), 0);
}

function findFrom(el: XmlElement, steps: string[], i: number): XmlElement | undefined {
  if (i === steps.length) return el;
  for (const c of el.children) {
    if (c.local !== steps[i]) continue;
    const hit = findFrom(c, steps, i + 1);
    if (hit) return hit;
  }
  return undefined;
}

/** Trimmed text with inner runs of white space folded; undefined when empty. */
export function textOf(el: XmlElement | undefined): string | undefined {
  if (!el) return undefined;
  const t = el.text.replace(/\s+/g, ' ').trim();
  return t || undefined;
}

/**
 * An xsd:boolean (a charge indicator): `true`/`1` or `false`/`0`, in any case; undefined for
 * anything else, so that an element of unknown meaning is skipped rather than guessed.
 */
export function booleanOf(el: XmlElement | undefined): boolean | undefined {
  const t = textOf(el)?.toLowerCase();
  return t === 'true' || t === '1' ? true : t === 'false' || t === '0' ? false : undefined;
}

/** An XPath that locates the element, e.g. `/rsm:CrossIndustryInvoice/rsm:ExchangedDocument/ram:ID`. */
export function xpathOf(el: XmlElement): string {
  const parts: string[] = [];
  for (let e: XmlElement | null = el; e; e = e.parent) {
    const p = e.parent;
    let step = e.name;
    if (p?.repeated?.has(e.name)) step += `[${e.pos}]`;
    parts.push(step);
  }
  return `/${parts.reverse().join('/')}`;
}
