// A party's name read by OCR with a letter wrong at high confidence ("Usetotte Müllermann" for
// Liselotte, "Musterlieterant GmbH") passes every other check: no checksum covers a name. The
// document itself often prints the name a second time (a contact line, "Geschäftsführer: ...,
// Musterlieferant GmbH"); when that second printing reads the same words but one, spelt a few
// letters apart, the two readings disagree and the name is left for a person to confirm: OCR's
// confidence does not tell which is right ("Usetotte" was read at 0.89, "Liselotte" at 0.86).
// A legal form read with letters wrong ("Lieferant Gabs", "Supplies Lid.") is doubted too.
import type { Document } from '../document.js';
import { getPath } from '../document-path.js';
import { editDistance } from '../extract/page/edit-distance.js';
import { doubtValue, type OcrPage, type OcrWord } from './ocr-page.js';
import { DISAGREED } from './second-read.js';

/** Words shorter than this are too many other words a few letters away. */
const MIN_WORD = 5;
/** At most this many letters apart (an OCR misreading of one word, not another word). */
const MAX_APART = 3;

/** Below this OCR confidence a word's reading is a guess ("Grundbeuitz" at 0.53 beside the name
 * "Grundbesitz GmbH & Co." read whole): it unsettles no name. */
const UNSURE = 0.6;

/** A word without its diacritics. */
const plain = (w: string) => w.normalize('NFD').replace(/\p{M}/gu, '');

const letters = (w: string) => w.replace(/^[^\p{L}]+|[^\p{L}]+$/gu, '').toLowerCase();

export function doubtNameVariants(doc: Document, pages: OcrPage[]): void {
  for (const path of ['seller.name', 'buyer.name']) {
    const name = getPath(doc, path);
    const prov = doc.provenance[path];
    if (typeof name !== 'string' || !prov?.bbox) continue;
    const [x0, y0, x1, y1] = prov.bbox;
    // The name's own words: the reading compared is another printing of it.
    const own = (page: number, w: OcrWord) =>
      page === prov.page &&
      w.bbox[0] >= x0 - 0.005 &&
      w.bbox[2] <= x1 + 0.005 &&
      w.bbox[1] >= y0 - 0.005 &&
      w.bbox[3] <= y1 + 0.005;
    const nameWords = name.split(/\s+/).map(letters);
    // A word OCR read unsure of itself (below UNSURE) is no reading to set against the name.
    const elsewhere = pages.flatMap((p) =>
      p.lines.map((l) =>
        l.words.filter((w) => !own(p.page, w)).map((w) => (w.confidence < UNSURE ? '' : letters(w.text))),
      ),
    );
    const mangled = mangledLegalForm(nameWords.at(-1) ?? '');
    if (mangled || elsewhere.some((line) => disagrees(line, nameWords))) doubtValue(doc, path, DISAGREED);
  }
}

/** Legal forms that close a company's name, each with how many of its letters may be misread
 * and it still be known: one of three ("Ltd." read "Lid."), two of four ("GmbH" read "Gabs"). */
const LEGAL_FORMS: Record<string, number> = { ltd: 1, gmbh: 2, sarl: 2 };

/**
 * Whether a name's last word is a legal form with letters misread ("Lieferant Gabs", "Global
 * Supplies Lid."): as long as one, with its first letter right and at most its share of others
 * wrong. Both reads tend to misread small print the same way, so their agreeing does not confirm
 * such a name.
 */
function mangledLegalForm(word: string): boolean {
  return Object.entries(LEGAL_FORMS).some(
    ([form, wrong]) =>
      word !== form &&
      word.length === form.length &&
      word[0] === form[0] &&
      editDistance(word, form, wrong) <= wrong,
  );
}

/** Whether a line reads two of the name's adjacent words, one of them spelt a few letters apart. */
function disagrees(line: string[], name: string[]): boolean {
  const variant = (read: string, wanted: string) =>
    read !== wanted &&
    // OCR drops a diacritic far more often than it makes one up ("Mullermann" for Müllermann).
    plain(read) !== plain(wanted) &&
    read.length >= MIN_WORD &&
    wanted.length >= MIN_WORD &&
    editDistance(read, wanted, MAX_APART) <= MAX_APART;
  for (let i = 0; i + 1 < line.length; i++) {
    const [x, y] = [line[i]!, line[i + 1]!];
    for (let j = 0; j + 1 < name.length; j++) {
      const [a, b] = [name[j]!, name[j + 1]!];
      if ((y === b && variant(x, a)) || (x === a && variant(y, b))) return true;
    }
  }
  return false;
}
