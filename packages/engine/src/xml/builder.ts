// Fills a Document from XML while recording, for each value, the XPath it came from. Every
// structured reader writes through this so provenance is never forgotten.

import { isIsoDate } from '../check/dates.js';
import { parseDecimal } from '../decimal.js';
import { type Document, emptyDocument } from '../document.js';
import { setPath } from '../document-path.js';
import type { XmlElement } from './parse.js';
import { textOf, xpathOf } from './query.js';

export class XmlDocumentBuilder {
  readonly doc: Document;

  constructor(
    readonly reader: string,
    syntax: string,
  ) {
    this.doc = emptyDocument(syntax);
  }

  /** Sets `path` (dotted, numeric steps index arrays) to the element's text when it has any. */
  text(
    path: string,
    el: XmlElement | undefined,
    transform?: (s: string) => string | undefined,
  ): string | undefined {
    const raw = textOf(el);
    const value = raw !== undefined && transform ? transform(raw) : raw;
    if (value === undefined || value === '') return undefined;
    this.value(path, value, el);
    return value;
  }

  /** Sets a decimal amount; text that is not a plain decimal is left out (and not invented). */
  amount(path: string, el: XmlElement | undefined): string | undefined {
    return this.text(path, el, parseDecimal);
  }

  /** Sets a date given in any of the forms invoice syntaxes use, as ISO `YYYY-MM-DD`. */
  date(path: string, el: XmlElement | undefined): string | undefined {
    return this.text(path, el, parseXmlDate);
  }

  /**
   * Starts an allowance or charge (BG-20/BG-21, or a line's BG-27/BG-28 when `line` is given) and
   * returns its path, for its amount, base, percent and reason to be set under.
   */
  allowanceCharge(charge: boolean, line?: number): string {
    if (line !== undefined) this.doc.lines[line] ??= {};
    const owner = line === undefined ? this.doc : this.doc.lines[line]!;
    owner.allowances_charges ??= [];
    const n = owner.allowances_charges.push({ charge }) - 1;
    return `${line === undefined ? '' : `lines.${line}.`}allowances_charges.${n}`;
  }

  value(path: string, value: string, el?: XmlElement): void {
    setPath(this.doc, path, value);
    this.doc.provenance[path] = { source: 'xml', reader: this.reader, ...(el ? { path: xpathOf(el) } : {}) };
  }
}

/** `20240314` (format 102), `2024-03-14`, `2024-03-14T10:00:00Z` to ISO; undefined otherwise. */
export function parseXmlDate(s: string): string | undefined {
  const t = s.trim();
  let m = /^(\d{4})(\d{2})(\d{2})$/.exec(t);
  if (!m) m = /^(\d{4})-(\d{2})-(\d{2})(?:$|[T\sZ+-])/.exec(t);
  if (!m) return undefined;
  const iso = `${m[1]}-${m[2]}-${m[3]}`;
  return isIsoDate(iso) ? iso : undefined;
}
