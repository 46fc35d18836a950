// The recipient's block in the window of a letter, the buyer of an invoice without a buyer
// heading: NAME / STREET 1 / POSTCODE CITY in the upper half of the first page, shown to be the
// recipient by the one-line sender address above it, by a salutation, by the letterhead standing
// in another column, or by the sender's own address printed above it (recipientBlock).
import { POSTCODE_OVER_TOWN_FORMS } from '../lexicon/lexicon.js';
import { normalizeLabelText, startsWithLabel } from '../page/labels.js';
import { type Box, type PageLayout, type Put, type Segment, union } from '../page/layout.js';
import {
  afterSalutation,
  cleanName,
  companyWords,
  isName,
  JOINS_ON,
  LEGAL_FORM,
  namedByLegalForm,
  nameUpToLegalForm,
  PART_MARKS,
  placeLine,
  placeOf,
  postcodeAlone,
  putAddress,
  SALUTATION,
  streetLine,
} from './party-lines.js';

/** Separators of a one-line sender address: "ACME GmbH · Str. 1 · 12345 Ort", "A, Str. 1, 12345 Ort"
 * (also without a space after the comma: "K&K GmbH,Haunstetter Str 19,86161 Augsburg")
 * (OCR reads a middle dot as a colon, " : ", now and then). */
const SENDER_SEP = new RegExp(`\\s*[${PART_MARKS}]\\s*|\\s+[-–:]\\s+|,\\s+|,(?=\\p{Lu}|\\d{4,5}\\s)`, 'u');

/** A line's segments in runs that stand close together: a sender line is one run, never the text
 * of two columns side by side ("SIRET : 123 - DUNS : 456" beside the window's "06000 Nice"). */
function closeRuns(line: Segment[]): Segment[][] {
  const runs: Segment[][] = [];
  for (const seg of line) {
    const last = runs[runs.length - 1];
    const prev = last?.[last.length - 1];
    if (last && prev && seg.bbox[0] - prev.bbox[2] < 0.03) last.push(seg);
    else runs.push([seg]);
  }
  return runs;
}

/**
 * A sender line's first part cut into the company's name, its street and its place where they
 * run on without separators ("TENNISMEHL GmbH Hundsberg 13 97950 Großrinderfeld"): the name ends
 * at its legal form, or is one of the letterhead's names (`heads`) the line opens with ("Samy
 * Hajar Dampfbadgasse 1/5/3 1160 Wien" under "Samy Hajar"); the place is the tail that reads as
 * one after a street with a number. The part as it is otherwise.
 */
function nameStreetPlace(part: string, heads: string[] = []): string[] {
  const head = heads.find((h) => part.startsWith(`${h} `) && /\d/.test(part.slice(h.length)));
  const name = nameUpToLegalForm(part) !== part ? nameUpToLegalForm(part) : (head ?? part);
  if (name === part) return part ? [part] : [];
  const rest = part.slice(name.length).trim();
  for (const space of rest.matchAll(/\s+/g)) {
    const street = rest.slice(0, space.index);
    const place = rest.slice(space.index + space[0].length);
    if (/\d/.test(street) && placeOf(place)) return [name, street, place];
  }
  return [name, rest];
}

/** A town as printed over its postcode: words, and a Dublin district's number ("Dublin 6W"). */
const TOWN = /^\p{L}[\p{L}\s'-]*(?:\s\d{1,2}W?)?$/u;

/**
 * A British or Irish place set over two lines, the town and then the postcode ("Edinburgh" /
 * "EH1 1YZ", "Dublin 2" / "D02 X285"): the postcode's segment with the town right above it in its
 * column read as one place line.
 */
function townOverPostcode(
  all: Segment[],
  seg: Segment,
): { street?: Segment; place: Segment; town?: Segment[] } | undefined {
  if (!postcodeAlone(seg.text)) return undefined;
  const town = closeAbove(all, seg);
  if (!town || !TOWN.test(town.text.trim())) return undefined;
  return twoLinePlace(seg, town, `${town.text.trim()} ${seg.text.trim()}`);
}

/** Postcodes printed alone over their town (places.json `over_town`), compiled once. */
const POSTCODES_OVER_TOWN = POSTCODE_OVER_TOWN_FORMS.map((f) => new RegExp(f.pattern, 'u'));

/**
 * A place set over two lines the other way, the postcode alone and its town under it ("88441" /
 * "Mittelbiberach", "3584CC" / "Utrecht", a window too narrow for the line): the town's segment
 * with a postcode right above it that makes one place line with it.
 */
function postcodeOverTown(
  all: Segment[],
  seg: Segment,
): { street?: Segment; place: Segment; town?: Segment[] } | undefined {
  // (never a field's label under a number: "4711" / "Rechnungsdatum")
  if (!TOWN.test(seg.text.trim()) || startsWithLabel(seg.text.trim())) return undefined;
  const postcode = closeAbove(all, seg);
  if (!postcode || !POSTCODES_OVER_TOWN.some((re) => re.test(postcode.text.trim()))) return undefined;
  return twoLinePlace(seg, postcode, `${postcode.text.trim()} ${seg.text.trim()}`);
}

/** The segment right above one in its column, no more than half a line apart. */
function closeAbove(all: Segment[], seg: Segment): Segment | undefined {
  const height = seg.bbox[3] - seg.bbox[1];
  const above = all
    .filter((s) => s.line < seg.line && s.page === seg.page && Math.abs(s.bbox[0] - seg.bbox[0]) < 0.05)
    .sort((a, b) => b.bbox[1] - a.bbox[1])[0];
  return above && seg.bbox[1] - above.bbox[3] <= height * 1.5 ? above : undefined;
}

/** The place line two segments make, when they make one: `other` is kept with the block. */
function twoLinePlace(
  seg: Segment,
  other: Segment,
  text: string,
): { place: Segment; town: Segment[] } | undefined {
  const place = { ...seg, text, bbox: union([other.bbox, seg.bbox]) };
  return placeOf(place.text) ? { place, town: [other] } : undefined;
}

/** The space between a segment and the nearest line above it in its column (the page's height
 * above it when there is none): a block of its own stands apart from the block above. */
function spaceAbove(all: Segment[], seg: Segment): number {
  const above = all.filter(
    (s) => s.page === seg.page && s.line < seg.line && Math.abs(s.bbox[0] - seg.bbox[0]) < 0.015,
  );
  return Math.min(seg.bbox[1], ...above.map((s) => seg.bbox[1] - s.bbox[3]));
}

/** A one-line sender address: its line, its postcodes, its text and first part as labels are
 * compared, and that first part as a segment (the sender's name where it is one). */
export interface SenderLine {
  line: number;
  postcodes: Set<string>;
  text: string;
  first: string;
  /** Where the line stands. */
  box: Box;
  /** The first part as a segment, where it is the sender's whole name. */
  name?: Segment;
  /** The next line, where the sender line wrapped there (its town alone). */
  continued?: number;
}

/**
 * The town a sender line wrapped onto the next line, its postcode ending the line ("Silas
 * Rathgeber - Bürgermeister-Martin-Donandt-Platz 22 - 27568" / "Bremerhaven"): the next line's one
 * segment of a word or two flush under the line's start, right under it.
 */
function wrappedTown(layout: PageLayout, li: number, run: Segment[]): Segment | undefined {
  const next = layout.lines[li + 1];
  const [first, last] = [run[0]!, run[run.length - 1]!];
  if (next?.length !== 1 || !/[-–·•|,]\s*\d{4,5}$/u.test(last.text.trim())) return undefined;
  const town = next[0]!;
  const height = first.bbox[3] - first.bbox[1];
  const words = town.text.trim();
  return Math.abs(town.bbox[0] - first.bbox[0]) < 0.01 &&
    town.bbox[1] - first.bbox[3] < height &&
    /^\p{Lu}[\p{L}.'-]*(?:\s[\p{L}.'-]+)?$/u.test(words)
    ? town
    : undefined;
}

/**
 * The one-line sender addresses of a page's upper part ("ACME GmbH · Str. 1 · 12345 Ort"): a run of
 * a line's close segments (joined) cut at separators, a place after a street.
 */
export function senderLines(layout: PageLayout): SenderLine[] {
  const senders: SenderLine[] = [];
  // The names the letterhead prints on lines of their own, which a sender line may repeat.
  const heads = layout.lines
    .flat()
    .filter((s) => s.bbox[1] < LETTERHEAD_BAND && isName(s.text))
    .map((s) => s.text.trim());
  for (const [li, whole] of layout.lines.entries()) {
    if (!whole.length || whole[0]!.bbox[1] > 0.45) continue;
    for (const line of closeRuns(whole)) {
      const town = wrappedTown(layout, li, line);
      const parts = [...line, ...(town ? [town] : [])]
        .map((s) => s.text)
        .join(' | ')
        .split(SENDER_SEP)
        .map((p) => p.trim())
        .filter(Boolean);
      parts.splice(0, 1, ...nameStreetPlace(parts[0] ?? '', heads));
      // A street after the name and a place after the street ("1242 chemin de l'olive" reads as
      // a place too: the place is the one after a part with a number).
      // Or a place ending a line of three parts or more: a street may go without a number
      // ("Klline - Freude am Arbeitsplatz - Technologiepark - 8510 Stainz").
      // (a place whose town comes first is cut in two by a separator: "Leeds · LS1 4AP", "Liepāja,
      // LV-3401": the two parts are one place)
      for (let i = parts.length - 1; i > 0; i--) {
        if (placeOf(parts[i]!)) continue;
        const joined = [`${parts[i - 1]} ${parts[i]}`, `${parts[i - 1]}, ${parts[i]}`].find((j) =>
          placeOf(j),
        );
        if (joined) parts.splice(i - 1, 2, joined);
      }
      // Or a company's name and its place alone, a large sender's postcode of its own needing no
      // street ("Telekom Deutschland GmbH, 53171 Bonn").
      const at = parts.findIndex(
        (p, i) =>
          placeOf(p) &&
          ((i > 1 &&
            (parts.slice(1, i).some((q) => /\d/.test(q) && /\p{L}{2}/u.test(q)) || i === parts.length - 1)) ||
            (i === 1 && parts.length === 2 && LEGAL_FORM.test(parts[0]!))),
      );
      if (at < 0) continue;
      const postcodes = new Set(parts.map((p) => placeOf(p)?.postcode).filter((p): p is string => !!p));
      senders.push({
        line: li,
        postcodes,
        text: normalizeLabelText(line.map((s) => s.text).join(' ')),
        first: normalizeLabelText(parts[0]!),
        box: union(line.map((s) => s.bbox)),
        ...(town ? { continued: town.line } : {}),
        // The name ends where the street begins: a street with a number next, or a legal form
        // ending the first part ("Klline - Freude am Arbeitsplatz - Technologiepark - 8510 Stainz"
        // says no more than that the name is one or two parts).
        ...(/\d/.test(parts[1]!) || LEGAL_FORM.test(parts[0]!)
          ? { name: { ...line[0]!, text: parts[0]!, bbox: union(line.map((s) => s.bbox)) } }
          : {}),
      });
    }
  }
  return senders;
}

/**
 * The sender's name from the one-line sender address printed right over the buyer's block (its
 * first line or heading `top`), in its column: "Brown & Walker Limited · 25 Market Street · London
 * · EC1A 1BB" over "Bill to:" or over the address window names the sender first.
 */
export function senderOver(layout: PageLayout | undefined, top: Segment): Segment | undefined {
  if (!layout || layout.page !== top.page) return undefined;
  const height = top.bbox[3] - top.bbox[1];
  const over = senderLines(layout).find(
    (x) =>
      x.line < top.line &&
      top.line - x.line <= 3 &&
      top.bbox[1] - x.box[3] < 4 * height &&
      Math.abs(x.box[0] - top.bbox[0]) < 0.03,
  );
  return over?.name && isName(over.name.text) ? over.name : undefined;
}

export interface Recipient {
  segments: Segment[];
  name: Segment;
  place: Segment;
}

/** The top of a page, above a letter's address window (45 mm of A4's 297): the sender's band. */
const LETTERHEAD_BAND = 0.15;

/** The page's foot starts here (page heights). */
export const FOOT_BAND = 0.75;

/**
 * Whether the letterhead's name stands again in the page's foot over its own place line ("Piet
 * Damen" / "Oostheullaan 1" / "2675 KR Honselersdijk"): the sender's address is there, and an
 * address block under the letterhead at the head is another's, the recipient's.
 */
function addressInFoot(all: Segment[], letterhead: Segment): boolean {
  const words = companyWords(letterhead.text);
  return all.some(
    (s) =>
      s.bbox[1] > FOOT_BAND &&
      !!words &&
      companyWords(s.text) === words &&
      all.some(
        (p) =>
          p.line > s.line &&
          p.line <= s.line + 3 &&
          Math.abs(p.bbox[0] - s.bbox[0]) < 0.015 &&
          !!placeLine(p),
      ),
  );
}

/** The postcodes of the addresses a foot's line prints, a street (a part with a digit) before its
 * place: "Voorbeeldweg 6, 3851 SR Ermelo, T 0341 36 33 12" gives "3851 SR". */
function footAddressPostcodes(text: string): string[] {
  const parts = text.split(SENDER_SEP);
  return parts.flatMap((part, i) => {
    const place = i > 0 && /\d/.test(parts[i - 1]!) ? placeOf(part) : undefined;
    return place ? [place.postcode] : [];
  });
}

/**
 * The recipient's address in the window of a letter: NAME / [contact] / STREET 1 / POSTCODE CITY
 * in the upper half of the first page, outside any block under a heading, shown to be the
 * recipient by the one-line sender address printed above it ("ACME GmbH · Str. 1 · 12345 Ort",
 * the letterhead whose place it does not share) or by a salutation over the name ("Herrn"); or,
 * given the `letterhead` name already found (a photo whose tiny sender line OCR lost), by being
 * the one such block outside the letterhead's column; or, the one named address block of the
 * page's upper half, by the sender's own address printed in its column above it, in the
 * letterhead's band (a photo whose letterhead and buyer's heading OCR lost); or the one such block
 * of a page whose head prints no sender's address and whose foot prints one of another postcode
 * (the sender only a logo at the head). Two such blocks (one could be the sender's own) give none.
 */
export function recipientBlock(
  layout: PageLayout | undefined,
  headed: Set<Segment>,
  letterhead?: Segment,
): Recipient | undefined {
  if (!layout) return undefined;
  const all = layout.lines.flat();
  const senders = senderLines(layout);
  // The sender's own address in the letterhead's band (its name OCR lost, or a logo): its place lines.
  const senderPlaces = all.filter(
    (s) => s.bbox[1] < LETTERHEAD_BAND && (placeLine(s) || townOverPostcode(all, s)),
  );
  const found: Recipient[] = [];
  const blocks: Recipient[] = [];
  for (const seg of all) {
    const split: { street?: Segment; place: Segment; town?: Segment[] } | undefined =
      seg.bbox[1] > 0.5 || headed.has(seg)
        ? undefined
        : (placeLine(seg) ?? townOverPostcode(all, seg) ?? postcodeOverTown(all, seg));
    if (!split) continue;
    const place = split.place;
    // The lines above it in its column, while they follow one another closely.
    const height = seg.bbox[3] - seg.bbox[1];
    // The lines flush left above it; or, where none is, flush right, as a window at the page's
    // right edge may be set.
    const linesAbove = (inColumn: (s: Segment) => boolean): Segment[] => {
      const column = all
        .filter((s) => s.line < seg.line && inColumn(s) && !split.town?.includes(s))
        .sort((a, b) => b.bbox[1] - a.bbox[1]);
      const lines: Segment[] = [];
      let top = seg;
      /** The block's line pitch, from the place to the line over it. */
      let pitch: number | undefined;
      for (const s of column) {
        // (an empty line before the place, as older letters leave it, included)
        if (top.bbox[1] - s.bbox[3] > height * 3 || lines.length >= 4) break;
        // (nor over a gap of more than two of the block's lines: the letterhead's lines above a
        // window set under it, "Piet Damen" / "Teeltadvies en -verkoop" over "Van Lint Group")
        if (pitch !== undefined && top.bbox[1] - s.bbox[1] > 2.5 * pitch) break;
        pitch ??= top.bbox[1] - s.bbox[1];
        // (nor the place line ending the block above: another address; a sender line in another
        // column of the same line, the seller's one-line address left of the window, is none)
        const across = (x: SenderLine) => x.box[0] < s.bbox[2] && s.bbox[0] < x.box[2];
        if (senders.some((x) => (x.line === s.line || x.continued === s.line) && across(x)) || placeLine(s))
          break;
        lines.unshift(s);
        top = s;
        if (SALUTATION.test(s.text)) break;
      }
      return lines;
    };
    const flushLeft = linesAbove((s) => Math.abs(s.bbox[0] - seg.bbox[0]) < 0.015);
    const flushRightOnly = !flushLeft.length;
    const lines = flushRightOnly ? linesAbove((s) => Math.abs(s.bbox[2] - seg.bbox[2]) < 0.015) : flushLeft;
    const street = split.street ?? lines[lines.length - 1];
    if (!street || !lines.length || lines.some((s) => headed.has(s))) continue;
    // A block set flush right is read as one name over its street only: a name run over two lines
    // there would be cut.
    if (flushRightOnly && (lines.length !== 2 || split.street)) continue;
    // A street without a house number ("Musterallee", "calle Málaga") only by its street word, and
    // only where a sender line, a salutation or the letterhead's other column shows the window
    // (below).
    const numbered = /\d/.test(street.text);
    // Or no street at all, a contact's name over the place ("NASAH AG / Ben Dover / 80331
    // München"): only under a sender line (below).
    // (a postcode and town on one line, and no label among the lines: "80723" over "Nr" is none)
    const streetless = !numbered && !streetLine(street.text, { unnumbered: true });
    // (nor text of the place's width between it and the line over it: the line is no part of it)
    const last = lines[lines.length - 1]!;
    const gap = all.some(
      (s) => s.line > last.line && s.line < seg.line && s.bbox[0] < seg.bbox[2] && seg.bbox[0] < s.bbox[2],
    );
    if (streetless && (split.town || gap || lines.some((s) => startsWithLabel(s.text)))) continue;
    const salutation = SALUTATION.test(lines[0]!.text) ? lines[0] : undefined;
    const name = (split.street || streetless ? lines : lines.slice(0, -1)).find(
      (s) => isName(s.text) && s !== salutation,
    );
    if (!name) continue;
    const postcode = placeOf(place.text)!.postcode;
    // A sender line above the sender's own block repeats its name, or its street and postcode; a
    // recipient in the sender's town has another street.
    const sender = senders.find(
      (x) =>
        x.line < lines[0]!.line &&
        x.first !== normalizeLabelText(name.text) &&
        !(x.postcodes.has(postcode) && x.text.includes(normalizeLabelText(street.text))),
    );
    // Given the letterhead: a block in another column, or one stacked under the letterhead and
    // the sender's own address (its place line in the letterhead's band, above the block) that
    // names another company.
    const besideLetterhead =
      !!letterhead &&
      letterhead.page === seg.page &&
      !lines.some((s) => s.line === letterhead.line && s.index === letterhead.index) &&
      // (a block under the letterhead's own name is the sender's: "Alex Mueller" over its address
      // at the top right, "Alex Mueller, Musterstraße 1, …" the sender line over the window)
      !normalizeLabelText(letterhead.text).startsWith(normalizeLabelText(name.text)) &&
      (Math.abs(letterhead.bbox[0] - seg.bbox[0]) >= 0.015 ||
        (letterhead.line < lines[0]!.line &&
          (senderPlaces.some((p) => p.line >= letterhead.line && p.line < lines[0]!.line) ||
            addressInFoot(all, letterhead)) &&
          spaceAbove(all, name) >= 1.5 * (name.bbox[3] - name.bbox[1]) &&
          companyWords(letterhead.text) !== companyWords(name.text)));
    const block = {
      segments: [...lines, ...(split.street ? [split.street] : []), ...(split.town ?? []), place],
      name,
      place,
    };
    // A salutation before the name on its line greets the recipient as one standing above it does.
    const greeted = !!salutation || afterSalutation(name.text) !== undefined;
    // (a block set flush right is no window for the count of the page's address blocks below: a
    // letterhead's own address is often set so)
    if (numbered && !flushRightOnly) blocks.push(block);
    // (a streetless block in the sender's own postcode is the sender's: "MARSters GmbH / 20354 Hamburg")
    const otherPlace = !!sender && !sender.postcodes.has(postcode);
    // (or one greeted by a salutation standing over its name and an address line without a
    // number or a street word, an industrial area's: "Spett.le:" / "COS.MET. S.R.L." / "Svincolo
    // Val d'Agri Area Artigianale" / "75020 SCANZANO JONICO (MT)")
    const greetedOverAddress = !!salutation && lines.length >= 3 && name !== lines[lines.length - 1];
    if (streetless ? otherPlace || greetedOverAddress : greeted || sender || besideLetterhead)
      found.push(block);
  }
  // Blocks of one street and place are one recipient: the window and a box of the customer's
  // details repeating its address ("Nom de l'abonné" / "Adresse de l'installation"); the window is
  // the upper.
  // (A postcode over its town is read from both lines: one block, the fuller reading kept.)
  const distinct = found.filter((b, i) => !found.some((o, j) => j > i && o.name === b.name));
  const addresses = new Set(
    distinct.map((b) =>
      b.segments
        .slice(-2)
        .map((s) => normalizeLabelText(s.text))
        .join('\n'),
    ),
  );
  if (distinct.length) return addresses.size === 1 ? distinct[0] : undefined;
  // Under the sender's address printed in its column, only as the one named address block there
  // is: a third party's block (a tax representative's, "SELLER TAX REP") stands there too, the
  // buyer's in another column.
  const underSender = (b: Recipient) =>
    senderPlaces.some((s) => s.line < b.segments[0]!.line && Math.abs(s.bbox[0] - b.place.bbox[0]) < 0.015);
  // Or the page's one address block, set in its right half with no sender's address printed at the
  // head at all: the window of a page whose sender is only a logo ("RELAIS DES COCHES BOUTIQUE /
  // 14 Place Du Marché / 83310 PORT GRIMAUD" right of the invoice's number and date).
  const aloneAtRight = (b: Recipient) =>
    b.place.bbox[0] > RIGHT_HALF && !senderPlaces.length && !senders.length;
  // Or the page's one address block under the letterhead's band, with no sender's address at the
  // head and the sender's own in the foot, of another postcode: a logo's page whose window is set
  // at the left ("Voorbeeldweg 6, 3851 SR Ermelo, T 0341 …" at the foot).
  const senderInFoot = (b: Recipient) =>
    b.segments[0]!.bbox[1] >= LETTERHEAD_BAND &&
    !senderPlaces.length &&
    !senders.length &&
    all.some(
      (s) =>
        s.bbox[1] > FOOT_BAND &&
        footAddressPostcodes(s.text).some((p) => p !== placeOf(b.place.text)?.postcode),
    );
  const one = blocks.length === 1 ? blocks[0]! : undefined;
  return one && (underSender(one) || aloneAtRight(one) || senderInFoot(one)) ? one : undefined;
}

/** A window set right of this (page widths) is in the page's right half. */
const RIGHT_HALF = 0.45;

export function readRecipient(r: Recipient, put: Put): void {
  const after = r.segments.indexOf(r.name) + 1;
  // (a name wrapped after a joining sign or word: "Raiffeisen Bezug +" / "Absatz eG")
  const next = r.segments[after];
  const on = !!next && next !== r.place && JOINS_ON.test(r.name.text) && !/\d/.test(next.text);
  // A person over the company ("M DE LATTRE ALEXIS" / "ALEXINUX SARL"): the company is the
  // customer, the person its contact, as in a block under a heading (party-block.ts); not a
  // company the person is reached through ("c/o Firma GmbH").
  const company =
    !on &&
    !!next &&
    next !== r.place &&
    !/\d/.test(next.text) &&
    !/^\s*c\s*\/\s*o\b/i.test(next.text) &&
    !LEGAL_FORM.test(r.name.text) &&
    namedByLegalForm(next.text);
  const text = on ? `${r.name.text.trim()} ${next!.text.trim()}` : company ? next!.text : r.name.text;
  const seg = company ? next! : r.name;
  put('buyer.name', cleanName(afterSalutation(text) ?? text), seg.bbox, seg.page, 0.85);
  const street = r.segments
    .slice(on || company ? after + 1 : after, -1)
    .filter((s) => /\d/.test(s.text) || streetLine(s.text, { unnumbered: true }));
  putAddress('buyer', street, r.place, put);
}
