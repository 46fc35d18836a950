// Party headings: how invoices head the seller's and the buyer's blocks ("Verkäufer",
// "Rechnungsempfänger", "Vendeur", "Nabywca", "Поставщик"; lexicon/headings.json), on a line of their own or
// with the party after a colon, and the misreadings OCR makes of the long ones. Matched against
// text normalised as labels are (labels.ts).

import { headingSources, NUMBER_WORD_SOURCES } from '../lexicon/lexicon.js';
import { editDistance } from '../page/edit-distance.js';
import { LEADING_MARKS, mapOffset, normalizeLabelText } from '../page/labels.js';

/** Headings that open a party block, every language (lexicon/headings.json). */
const PARTY_HEADINGS = headingSources();

const HEADING_RE = Object.fromEntries(
  Object.entries(PARTY_HEADINGS).map(([k, v]) => [k, new RegExp(`^(?:${v.join('|')})\\s*:?$`, 'u')]),
) as Record<'seller' | 'buyer' | 'other' | 'recipient', RegExp>;

/** Text without its diacritics: a page printed without them ("Odberatel", "Prijemce") heads its
 * blocks with the lexicon's words all the same. */
const bare = (s: string) => s.normalize('NFD').replace(/\p{M}/gu, '');

const HEADING_BARE_RE = Object.fromEntries(
  Object.entries(PARTY_HEADINGS).map(([k, v]) => [
    k,
    new RegExp(`^(?:${v.map(bare).join('|')})\\s*:?$`, 'u'),
  ]),
) as Record<'seller' | 'buyer' | 'other' | 'recipient', RegExp>;

const INLINE_HEADING_RE = Object.fromEntries(
  Object.entries(PARTY_HEADINGS).map(([k, v]) => [
    k,
    new RegExp(`^(?:${v.join('|')})\\s*(?:\\([^)]{1,30}\\))?\\s*:\\s*`, 'u'),
  ]),
) as Record<'seller' | 'buyer' | 'other', RegExp>;

/**
 * A party heading with the party after its colon on the same line ("Поставщик (Исполнитель):
 * ООО «Ромашка», ИНН …", "Buyer: ACME Ltd"): the role and where the party's text starts.
 */
export function matchInlineHeading(
  text: string,
): { role: 'seller' | 'buyer' | 'other'; end: number } | undefined {
  const lead = LEADING_MARKS.exec(text)?.[0].length ?? 0;
  const rest = text.slice(lead);
  const norm = normalizeLabelText(rest);
  for (const role of ['other', 'seller', 'buyer'] as const) {
    const m = INLINE_HEADING_RE[role].exec(norm);
    if (m) return { role, end: lead + mapOffset(rest, norm, m[0].length) };
  }
  return undefined;
}

/**
 * A heading run together with the party's name, no colon between ("Fakturaadress Robin Horsner":
 * the heading set as a row's label, the name a space after it): the role and where the name
 * starts. Only a name follows (letters, no digit, no colon); whether the block's lines stand
 * under the name, which makes the first words a heading, is the layout's to tell (partyBlocks).
 */
export function matchLeadingHeading(
  text: string,
): { role: 'seller' | 'buyer' | 'other'; end: number } | undefined {
  const words = [...text.matchAll(/\S+/g)];
  for (let n = Math.min(3, words.length - 1); n >= 1; n--) {
    const end = words[n]!.index;
    const role = matchHeading(text.slice(0, end));
    const rest = text.slice(end);
    if (
      role &&
      /^\p{L}/u.test(rest) &&
      /\p{L}{2}/u.test(rest) &&
      !/[:\d]/.test(rest) &&
      !NUMBER_WORD_FIRST.test(rest)
    )
      return { role, end };
  }
  return undefined;
}

/** A number word opening the text after a party's word: "Klant nummer" is the customer number's
 * label (a grid's heading, "Klant nummer Betalingsvoorwaarden"), no party's heading. */
const NUMBER_WORD_FIRST = new RegExp(`^\\s*(?:${NUMBER_WORD_SOURCES.join('|')})(?![\\p{L}])`, 'iu');

/** Whether the whole text is a party heading, and which party. */
export function matchHeading(text: string): 'seller' | 'buyer' | 'other' | undefined {
  const colon = normalizeLabelText(text.replace(LEADING_MARKS, '')).trim();
  const norm = colon.replace(/[:.]+$/, '');
  // (a short word that heads a party only with its colon, "An:", "To:", "A:", is tried with it)
  const whole = headingRole(norm) ?? (colon.endsWith(':') ? headingRole(colon) : undefined);
  if (whole) return whole;
  // A heading in two languages ("Köpare / Buyer:", "Rechnungsempfänger | Recipient", "Odběratel
  // (Client):"): each part names the same party.
  const paren = /^(.+?)\s*\(([^()]+)\)$/.exec(norm);
  const parts = paren ? [paren[1]!, paren[2]!.trim()] : norm.split(/\s+[/|]\s+/);
  if (parts.length < 2) return qualified(norm);
  // (a recipient's word beside the buyer's names the buyer: "Rechnungsempfänger | Recipient")
  const buyerToo = parts.some((p) => headingRole(p) === 'buyer');
  const roles = new Set(
    parts.map((p) => (buyerToo && HEADING_RE.recipient.test(p) ? 'buyer' : headingRole(p))),
  );
  const [role] = roles;
  return roles.size === 1 ? role : undefined;
}

/**
 * A party's word and a word of what else it is after a slash ("Sprzedawca/podatnik",
 * "Nabywca/płatnik": seller and taxpayer, buyer and payer): the party's heading, when the word
 * after the slash is one word that names no other party.
 */
function qualified(norm: string): 'seller' | 'buyer' | 'other' | undefined {
  const m = /^([\p{L}\s]+?)\s*\/\s*(\p{L}+)$/u.exec(norm);
  const role = m ? headingRole(m[1]!) : undefined;
  const other = m ? headingRole(m[2]!) : undefined;
  return role && (!other || other === role) ? role : undefined;
}

/** Whether a heading names the recipient ("Odbiorca", "Příjemce"): the buyer where no block is
 * headed as the buyer's (partyBlocks). */
export function isRecipientHeading(text: string): boolean {
  const norm = normalizeLabelText(text.replace(LEADING_MARKS, '')).replace(/[:.]+$/, '');
  return HEADING_RE.recipient.test(norm) || HEADING_RE.recipient.test(`${norm}.`);
}

function headingRole(norm: string): 'seller' | 'buyer' | 'other' | undefined {
  for (const role of ['other', 'seller', 'buyer'] as const) if (HEADING_RE[role].test(norm)) return role;
  // (a word printed without its diacritics: only where the text has none at all)
  if (bare(norm) !== norm) return undefined;
  for (const role of ['other', 'seller', 'buyer'] as const) if (HEADING_BARE_RE[role].test(norm)) return role;
  return undefined;
}

/**
 * A heading whose colon is followed by the party's number rather than its name ("Plačnik:
 * 1001836", "Kunde: 10023"): the party's block is under it.
 */
export function matchNumberedHeading(text: string): 'seller' | 'buyer' | 'other' | undefined {
  const inline = matchInlineHeading(text);
  return inline && /^\s*[\w-]*\d[\w-]*\s*$/.test(text.slice(inline.end)) ? inline.role : undefined;
}

/** Long heading words OCR may misread by a letter or two and still name one party only. */
const LONG_HEADING_WORDS: ReadonlyArray<[string, 'seller' | 'buyer']> = [
  ['leistungsempfänger', 'buyer'],
  ['rechnungsempfänger', 'buyer'],
  ['rechnungsadresse', 'buyer'],
  ['rechnungssteller', 'seller'],
];

/** Heading words OCR may misread by a letter or two that name one party only when they stand
 * alone ("Verkäufer-IBAN" is a label, "Verkauter" a heading). */
const ALONE_HEADING_WORDS: ReadonlyArray<[string, 'seller' | 'buyer']> = [['verkäufer', 'seller']];

/**
 * The party a heading OCR misread names ("Käufer [Leistungsemgfänger", "Verkauter" on a phone
 * photo): a segment of one or two words, no digit, one of them within two letters (replaced,
 * dropped or added) of a long heading word of one party only, or the segment one word within two
 * letters of a shorter one. Words this long are no other word two letters away; a sentence that
 * mentions the party has more words.
 */
export function misreadHeading(text: string): 'seller' | 'buyer' | undefined {
  if (/\d/.test(text)) return undefined;
  const words = text
    .toLowerCase()
    .split(/[^\p{L}]+/u)
    .filter(Boolean);
  if (!words.length || words.length > 2) return undefined;
  if (words.length === 1 && /^[\p{L}]+[:.]?$/u.test(text.trim())) {
    const alone = ALONE_HEADING_WORDS.find(([h]) => editDistance(words[0]!, h, 2) <= 2);
    if (alone) return alone[1];
  }
  const roles = new Set(
    LONG_HEADING_WORDS.filter(([h]) => words.some((w) => editDistance(w, h, 2) <= 2)).map(([, role]) => role),
  );
  return roles.size === 1 ? [...roles][0] : undefined;
}
