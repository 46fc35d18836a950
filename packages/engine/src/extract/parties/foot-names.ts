// The seller named in a page's foot: the company's legal line ("MixCont AB, 23145, Sankta
// gertrudsvag 10.", "BOUYGUES TELECOM - Société Anonyme au capital de …"), the name over a centred
// foot's legal mention that opens with its legal form alone, or the first column's name beside the
// company's ids. A footer's lines are the sender's own details; the buyer is never set there.
import { findVatIds } from '../identifiers/identifiers.js';
import { SHARE_CAPITAL_SOURCES } from '../lexicon/lexicon.js';
import { startsWithLabel } from '../page/labels.js';
import type { PageLayout, Segment } from '../page/layout.js';
import {
  GREETING,
  idLine,
  isName,
  LEGAL_FORM,
  LEGAL_FORM_ALL,
  LEGAL_FORM_FIRST,
  looksLikeName,
  nameUpToLegalForm,
  notAName,
  PART_MARKS,
  placeLine,
} from './party-lines.js';

/** Words of a footer line about a bank account, not the company's legal line. */
const BANK_WORDS = /\b(?:iban|bic|swift|bank|konto|account|compte|conto|rekening)\b/i;

/** The parts of a footer's legal line: apart by a mark, a dash or a comma. */
const FOOTER_SEP = new RegExp(`\\s[${PART_MARKS}–-]\\s|,\\s*`, 'u');

/**
 * The company named by a legal line at the foot of a page (its lowest fifth) or set upright along
 * its edge (French legal mentions often are): a name with its legal form opening the line, or a
 * name whose legal form opens the next part ("BOUYGUES TELECOM - Société Anonyme au capital de
 * …"), then its address or registration in parts set apart by commas, dots or bars ("MixCont AB,
 * 23145, Sankta gertrudsvag 10."). Not a bank's line.
 */
export function footerLegalName(layouts: PageLayout[]): Segment | undefined {
  for (const layout of layouts) {
    for (const line of layout.lines) {
      const seg = line[0];
      if (!seg || !(seg.bbox[1] >= 0.8 || alongEdge(seg)) || BANK_WORDS.test(seg.text)) continue;
      const parts = seg.text.split(FOOTER_SEP).map((p) => p.trim());
      if (registerCourt(parts)) continue;
      const over = nameOverLegalLine(layout, seg, parts);
      if (over) return over;
      const name = legalLineName(parts);
      if (!name || parts.length < 2 || name.split(/\s+/).length > 6) continue;
      if (!looksLikeName(name) || !parts.slice(1).some((p) => /\d/.test(p))) continue;
      return { ...seg, text: name };
    }
  }
  return undefined;
}

/**
 * The name over a foot's legal line that opens with its legal form alone ("SASU au capital de
 * 200000€ – SIRET … – TVA FR40…"): a centred foot of NAME / ADDRESS – PLACE – TEL / LEGAL LINE,
 * the name on the line over it or over its address line, centred with it.
 */
function nameOverLegalLine(layout: PageLayout, seg: Segment, parts: string[]): Segment | undefined {
  const first = parts[0] ?? '';
  if (
    !LEGAL_FORM_FIRST.test(first) ||
    /\p{L}{2}/u.test(first.replace(LEGAL_FORM_ALL, ' ').replace(CAPITAL, ' '))
  )
    return undefined;
  if (parts.length < 2 || !parts.slice(1).some((p) => /\d/.test(p))) return undefined;
  const centre = (s: Segment) => (s.bbox[0] + s.bbox[2]) / 2;
  const height = seg.bbox[3] - seg.bbox[1];
  let below = seg;
  for (const line of layout.lines.slice(Math.max(0, seg.line - 2), seg.line).reverse()) {
    const above = line.length === 1 ? line[0]! : undefined;
    if (!above || below.bbox[1] - above.bbox[3] > height || Math.abs(centre(above) - centre(seg)) > 0.05)
      return undefined;
    const text = above.text.trim();
    if (!/\d/.test(text) && isName(text) && !notAName(text) && text.split(/\s+/).length <= 6)
      return { ...above, text };
    below = above;
  }
  return undefined;
}

/** A share capital's words after a legal form ("au capital de 200000€"). */
const CAPITAL = new RegExp(`(?<!\\p{L})(?:${SHARE_CAPITAL_SOURCES.join('|')})(?!\\p{L}).*$`, 'iu');

/**
 * The seller named in the first column of a page's foot: a name alone in its cell at the bottom
 * left, beside the company's VAT id, tax number or register entry in the line's further cells
 * ("E&U TRANSPORT | T : 0636129223 | BTW : NL8513.49.985.B01"), or over its address in the same
 * column ("Naprapatlandslaget | Org: 556999-3271" / "Surbrunnsgatan 34, 113 48 Stockholm"). A
 * footer's columns are the sender's own details; the buyer is never set there.
 */
export function footColumnName(layouts: PageLayout[], elsewhere: Set<Segment>): Segment | undefined {
  for (const layout of layouts) {
    for (const line of layout.lines) {
      const seg = line[0];
      if (!seg || line.length < 2 || seg.bbox[1] < FOOT_TOP || seg.bbox[0] > 0.25 || elsewhere.has(seg))
        continue;
      const text = seg.text.trim();
      if (!isName(text) || /\d/.test(text) || text.split(/\s+/).length > 5) continue;
      if (startsWithLabel(text) || BANK_WORDS.test(text) || GREETING.test(text)) continue;
      // The company's ids in the line's further cells.
      const idsBeside = (l: Segment[] | undefined) =>
        !!l?.some((s) => s.bbox[0] > seg.bbox[2] && (findVatIds(s.text).length > 0 || idLine(s.text)));
      const ids = idsBeside(line);
      const inColumn = (n: number) =>
        layout.lines[seg.line + n]?.find((s) => Math.abs(s.bbox[0] - seg.bbox[0]) < 0.02);
      // (no line under a place, the block's country: "12919 Tallinn" / "Estonia"; nor a legal form
      // alone, wrapped under its name: "Martins Instalações Unipessoal" / "Lda.")
      // (the column's line above, past another column's lines set between: "74074 Heilbronn" /
      // "Nina Pütz" / "Deutschland")
      const over = [-1, -2, -3].map(inColumn).find((x) => x);
      if (over && seg.bbox[1] - over.bbox[3] < seg.bbox[3] - seg.bbox[1] && placeLine(over)) continue;
      if (!/\p{L}{2}/u.test(text.replace(LEGAL_FORM_ALL, ' '))) continue;
      // (over its address: the place on the next line; or after a street line, with the company's
      // ids beside the block, which a payment slip's payer has not)
      const [under, next] = [inColumn(1), inColumn(2)];
      const address =
        (!!under && !!placeLine(under) && /\p{L}{3}.*\d/u.test(under.text)) ||
        (!!under &&
          !!next &&
          /^\p{L}{3}.*\d/u.test(under.text) &&
          !startsWithLabel(under.text) &&
          !!placeLine(next) &&
          [1, 2, 3].some((n) => idsBeside(layout.lines[seg.line + n])));
      if (ids || address) return seg;
    }
  }
  return undefined;
}

/** The top of a page's foot, in page heights. */
const FOOT_TOP = 0.8;

/** A commercial register's entry: its department and number ("HRB 123456", "VR 2041", "GnR 12"). */
const REGISTER_ENTRY = /^(?:HR\s?[AB]|VR|GnR|PR)\s*\d/;

/**
 * A register court before its entry ("AG Rom, HRB 123456"): "AG" there is the Amtsgericht, not a
 * company's legal form, and the line names no company.
 */
const registerCourt = (parts: string[]): boolean =>
  /^(?:AG|Amtsgericht|Registergericht)\s+\p{L}/u.test(parts[0] ?? '') && REGISTER_ENTRY.test(parts[1] ?? '');

/** The name a legal line's parts open with: up to its legal form, or the whole first part when
 * the legal form opens the next ("BOUYGUES TELECOM" - "Société Anonyme au capital …"); a legal
 * form before the name, up to its share capital ("SAS A&C CARROSSERIE au capital de 1000 Euros"). */
function legalLineName(parts: string[]): string | undefined {
  const first = parts[0] ?? '';
  const name = nameUpToLegalForm(LEGAL_FORM_FIRST.test(first) ? first.replace(CAPITAL, '').trim() : first);
  if (LEGAL_FORM.test(name) && /\p{L}{2}/u.test(name.replace(LEGAL_FORM_ALL, ' '))) return name;
  return LEGAL_FORM_FIRST.test(parts[1] ?? '') ? parts[0] : undefined;
}

/** A line set upright along the page's left or right edge: many times taller than wide. */
function alongEdge(seg: Segment): boolean {
  const [x0, y0, x1, y1] = seg.bbox;
  return y1 - y0 > 0.2 && y1 - y0 > 8 * (x1 - x0) && (x0 > 0.9 || x1 < 0.1);
}
