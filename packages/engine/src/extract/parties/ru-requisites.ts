// Russian requisites (реквизиты) read from an invoice's text: the parties' ИНН and КПП, and the
// payee's БИК and settlement account (the RU fields of decisions.md §1). Russian invoices print
// them in a bank table above the title (1C's "Счёт на оплату": БИК, "Сч. №", ИНН, КПП,
// "Получатель") and again on the party lines ("Поставщик: ООО …, ИНН …, КПП …"; on a УПД
// "ИНН/КПП продавца: …/…"). Whose number it is, the words before it on its line say, else the
// party block it stands in. The account is found by its control key with the БИК, since the
// table labels the bank's correspondent account and the payee's account alike ("Сч. №").
import { checkRuAccount } from '../../check/ru-ids.js';
import type { Document } from '../../document.js';
import { findRuIds, type RuIdKind } from '../identifiers/identifiers.js';
import type { PageLayout, Put, Segment } from '../page/layout.js';
import type { PartyBlock } from '../page/party-blocks.js';

type Role = 'seller' | 'buyer' | 'other';

/** Words naming a party, from a word's start: a consignee ("грузополучатель") is not the payee
 * ("получатель"). */
const ROLE_WORDS: Array<[Role, RegExp]> = [
  ['other', /(?<!\p{L})грузо(?:получател|отправител)/giu],
  ['buyer', /(?<!\p{L})(?:покупател|плательщик|заказчик)/giu],
  ['seller', /(?<!\p{L})(?:поставщик|продав|исполнител|получател)/giu],
];

/** A correspondent account (a bank's account at the Bank of Russia), never the one to pay to. */
const CORRESPONDENT = /^30101/;

interface Found {
  kind: RuIdKind | 'number';
  value: string;
  role: Role | undefined;
  seg: Segment;
  /** Position on the line, so a КПП can be paired with the ИНН before it. */
  start: number;
}

export function readRuRequisites(d: Document, layouts: PageLayout[], blocks: PartyBlock[], put: Put): void {
  const found = requisites(layouts, blocks);
  if (!found.length) return;
  const sameLine = (a: Found, b: Found) => a.seg.page === b.seg.page && a.seg.line === b.seg.line;
  const first = (kind: RuIdKind, role: Role | undefined) =>
    found.find((f) => f.kind === kind && f.role === role);
  const at = (f: Found, path: string, confidence: number) =>
    put(path, f.value, f.seg.bbox, f.seg.page, confidence);

  // The seller's ИНН: one its line or block names as the seller's, else the first one no other
  // party claims (the bank table at the top is the payee's).
  const sellerInn = first('inn', 'seller') ?? first('inn', undefined);
  if (sellerInn) at(sellerInn, 'seller.inn', sellerInn.role ? 0.92 : 0.86);
  // Its КПП: the one printed after it on its line ("ИНН 7707083893 КПП 773601001"), else the
  // seller's on another line.
  const paired =
    sellerInn &&
    found.find(
      (f) =>
        f.kind === 'kpp' &&
        sameLine(f, sellerInn) &&
        f.start > sellerInn.start &&
        !found.some(
          (g) => g.kind === 'inn' && sameLine(g, f) && g.start > sellerInn.start && g.start < f.start,
        ),
    );
  const kpp = paired || first('kpp', 'seller');
  if (kpp) at(kpp, 'seller.kpp', kpp.role ? 0.92 : 0.86);
  const buyerInn = first('inn', 'buyer');
  if (buyerInn) at(buyerInn, 'buyer.inn', 0.9);

  // The payee's bank and account (no IBAN on a Russian invoice; a second account if there is one).
  const payee = (f: Found) => f.role !== 'buyer' && f.role !== 'other';
  const bik = found.find((f) => f.kind === 'bik' && payee(f));
  const numbers = found.filter(
    (f) => (f.kind === 'account' || f.kind === 'number') && payee(f) && !CORRESPONDENT.test(f.value),
  );
  // With the БИК the control key tells the settlement account; one labelled р/с that fails it
  // is still reported (and flagged by the checks). Without a БИК no key can be checked, so a
  // labelled account stays below the confidence bar.
  const keyed = bik && numbers.find((f) => checkRuAccount(f.value, bik.value).ok);
  const labelled = numbers.find((f) => f.kind === 'account');
  const account = keyed || labelled;
  if (!bik && !account) return;
  const free = d.payment.accounts.findIndex((a) => !a.iban);
  const p = `payment.accounts.${free < 0 ? d.payment.accounts.length : free}`;
  if (account) at(account, `${p}.account`, keyed ? 0.92 : bik ? 0.88 : 0.75);
  if (bik) at(bik, `${p}.bik`, 0.9);
}

/** Every ИНН, КПП, БИК and 20-digit number on the pages, with the party it belongs to. */
function requisites(layouts: PageLayout[], blocks: PartyBlock[]): Found[] {
  const out: Found[] = [];
  for (const layout of layouts) {
    for (const segs of layout.lines) {
      // The line as one string (segments two spaces apart), so a label and its number set in
      // separate columns of the bank table still meet.
      const starts: number[] = [];
      let text = '';
      for (const s of segs) {
        starts.push(text.length);
        text += `${s.text}  `;
      }
      if (!/\d{9}/.test(text.replace(/\s+/g, ''))) continue;
      const segAt = (pos: number) => segs[starts.findLastIndex((s) => s <= pos)]!;
      const add = (kind: Found['kind'], value: string, start: number) => {
        const seg = segAt(start);
        const block = blocks.find((b) => b.segments.includes(seg) || b.heading === seg)?.role;
        out.push({ kind, value, role: roleBefore(text, start) ?? block, seg, start });
      };
      const ids = findRuIds(text);
      for (const m of ids) add(m.kind, m.value, m.start);
      // Accounts under another label ("Сч. №" in the bank table), or none.
      for (const m of text.matchAll(/(?<![\d.,])\d{20}(?![\d.,])/g)) {
        if (!ids.some((i) => i.start <= m.index && m.index < i.end)) add('number', m[0], m.index);
      }
    }
  }
  return out;
}

/** The party the nearest party word before `pos` on the line names, if any. */
function roleBefore(text: string, pos: number): Role | undefined {
  let best: { role: Role; at: number } | undefined;
  for (const [role, re] of ROLE_WORDS) {
    for (const m of text.slice(0, pos).matchAll(re)) {
      if (!best || m.index > best.at) best = { role, at: m.index };
    }
  }
  return best?.role;
}
