// Totals chosen by arithmetic: among the amounts standing next to net, VAT and gross labels, the
// (net, VAT, gross) triple that adds up with a plausible VAT share wins; labels alone are weaker
// evidence. No template per supplier: the numbers have to agree with each other.
import { absUnits, formatAmount, fromUnits, toUnits } from '../../decimal.js';
import { type Segment, union } from '../page/layout.js';

export type TotalKind = 'net' | 'vat' | 'vat_included' | 'gross' | 'payable';

export interface AmountCandidate {
  kind: TotalKind;
  value: string;
  seg: Segment;
  /** How strongly the label names this total (2: unambiguous, 1: generic like "Total"). */
  strength: number;
  /** Read with its decimal separator restored (OCR dropped it: "17743" for 177,43): such a
   * value counts only in a triple that adds up, beside two amounts read as printed. */
  restored?: boolean;
  /** The VAT rate in per cent printed on the amount's row ("В том числе НДС (20%)"). */
  rate?: number;
}

export interface ChosenTotals {
  net?: AmountCandidate;
  vat?: AmountCandidate;
  gross?: AmountCandidate;
  payable?: AmountCandidate;
  /** True when net + VAT = gross was found among the candidates. */
  balanced: boolean;
  /** Without a balanced triple: several strong total labels that name the same gross amount. */
  corroborated?: boolean;
  /** The printed rounding between the gross and the amount payable (roundedTotals). */
  rounding?: AmountCandidate;
}

/** One cent in decimal.ts units (10^-6). */
export const CENT = 10_000n;
/** The highest standard VAT rate in Europe is 27 % (Hungary): no VAT is a larger share of its net. */
export const MAX_VAT_SHARE = 0.28;

export interface TotalsContext {
  /** The document calls itself a credit note or an invoice correction (Gutschrift, avoir, ...). */
  credit?: boolean;
}

export function chooseTotals(cands: AmountCandidate[], ctx: TotalsContext = {}): ChosenTotals {
  const single = balancedTriple(
    cands,
    cands.filter((c) => c.kind === 'vat'),
  );
  if (single.balanced) return single;
  // Several VAT rates and no VAT total printed: the rows of the breakdown, added up, may be it.
  const summed = balancedTriple(cands, summedVat(cands));
  if (summed.balanced) return summed;
  return (
    includedTriple(cands) ??
    netAndIncluded(cands) ??
    negativeTriple(cands, ctx) ??
    rateTriple(cands) ??
    vatRateTriple(cands) ??
    single
  );
}

/**
 * A printed net, the VAT its total contains and that total, the three as printed adding up ("SUMME
 * 105,00 € / enthaltene MwSt. 7 % 7,35 € / Netto 97,65 €") where the VAT is not the rate's share
 * to the rounding (includedTriple): the page's own sums, as with a VAT total.
 */
function netAndIncluded(cands: AmountCandidate[]): ChosenTotals | undefined {
  const included = cands.filter((c) => c.kind === 'vat_included' && !c.restored && toUnits(c.value) > 0n);
  const t = included.length ? balancedTriple(cands, included) : undefined;
  return t?.balanced && t.vat ? { ...t, vat: { ...t.vat, kind: 'vat' } } : undefined;
}

/** The largest rounding of a total to pay: to the whole unit, or to five of the smallest coin. */
const MAX_ROUNDING = 250n * CENT;

/**
 * A total to pay rounded to the whole unit or coin ("Moms 2 662,50 / Avrundning 0,50 / Att betala
 * 13 313,00", "Zaokrouhlení -0,20"): net + VAT + the printed rounding is that total to the cent.
 * The gross is then net + VAT (EN 16931's BT-112, before rounding) and the printed total the
 * amount payable. Only sums that add up as printed; no rate is assumed.
 */
export function roundedTotals(
  cands: AmountCandidate[],
  roundings: AmountCandidate[],
): ChosenTotals | undefined {
  const parts = cands.filter((c) => c.kind !== 'gross' && c.kind !== 'payable');
  for (const r of roundings) {
    const ru = toUnits(r.value);
    if (ru === 0n || absUnits(ru) > MAX_ROUNDING) continue;
    const printed = new Map<AmountCandidate, AmountCandidate>();
    for (const c of cands) {
      if ((c.kind !== 'gross' && c.kind !== 'payable') || c.restored || c.seg.page !== r.seg.page) continue;
      // (a rounding is a few cents of the total, never a twentieth of it)
      if (toUnits(c.value) <= absUnits(ru) * 20n) continue;
      printed.set({ ...c, kind: 'gross', value: formatAmount(fromUnits(toUnits(c.value) - ru)) }, c);
    }
    const shifted = [...parts, ...printed.keys()];
    for (const vats of [shifted.filter((c) => c.kind === 'vat'), summedVat(shifted)]) {
      const t = balancedTriple(shifted, vats);
      const total = t.balanced && t.gross && printed.get(t.gross);
      if (total) return { ...t, payable: { ...total, kind: 'payable' }, rounding: r };
    }
  }
  return undefined;
}

/** VAT rates (per cent) a VAT-included amount is tried with when its row names none: the
 * standard and reduced rates of the supported countries. */
export const VAT_RATES = [
  2.5, 3.8, 5, 5.5, 6, 7, 8.1, 9, 10, 12, 13, 14, 17, 19, 20, 21, 22, 23, 24, 25, 25.5, 27,
];

/**
 * A total with the VAT it contains ("Итого 25 000,00 / В том числе НДС (20%) 4 166,67", "inkl.
 * 19 % MwSt."), and no net printed: the VAT has to be the total's share at the printed rate (or
 * at one of the usual rates) to within half a per cent of the VAT (rounding per line), and the
 * net is then the total less the VAT, exactly.
 */
function includedTriple(cands: AmountCandidate[]): ChosenTotals | undefined {
  const grosses = cands
    .filter((c) => (c.kind === 'gross' || c.kind === 'payable') && !c.restored && toUnits(c.value) > 0n)
    .sort((a, b) => b.strength - a.strength || position(b) - position(a));
  for (const v of cands) {
    // A VAT contained in a positive total is positive, even set in parentheses as an aside
    // ("enthaltene Versicherungsteuer (35,13 €)"), which the amount grammar reads as negative.
    const vu = toUnits(magnitude(v.value));
    if (v.kind !== 'vat_included' || v.restored || vu <= 0n) continue;
    const tolerance = Math.max(Number(CENT), Number(vu) / 200);
    const gross = grosses.find((g) =>
      (v.rate !== undefined ? [v.rate] : VAT_RATES).some(
        (r) => Math.abs((Number(toUnits(g.value)) * r) / (100 + r) - Number(vu)) <= tolerance,
      ),
    );
    if (!gross) continue;
    const net = { ...gross, kind: 'net' as const, value: formatAmount(fromUnits(toUnits(gross.value) - vu)) };
    return {
      net,
      vat: { ...v, kind: 'vat', value: magnitude(v.value) },
      gross,
      payable: pickStrongest(cands.filter((c) => c.kind === 'payable')),
      balanced: true,
    };
  }
  return undefined;
}

/**
 * A net and a gross whose difference is the net's VAT at one of the usual rates to the cent
 * ("Rechnungssumme ohne USt. 198,00", "Bruttosumme 235,62": 19 % of 198,00 is 37,62), when the
 * VAT amount itself was not read (OCR garbled "37,62" into "17, 0¢"): the VAT is that
 * difference. A misread net or gross hardly ever lands on a rate to the cent; a page with
 * several rates, or VAT summed line by line a few cents off, gets no VAT this way.
 */
function rateTriple(cands: AmountCandidate[]): ChosenTotals | undefined {
  return derivedTriple(cands, 'net', (net) => printedVat(cands, net));
}

/**
 * A gross and a VAT amount whose difference is a net of which the VAT is one of the usual rates
 * to the cent ("VAT: 50000 USD", "Total (including tax): 550000 USD"), with no net among the
 * candidates: the net is that difference. One rate only, as in rateTriple.
 */
function vatRateTriple(cands: AmountCandidate[]): ChosenTotals | undefined {
  // One VAT amount on the page: with several (a rate's row and another's), the base of the
  // other rate is not known.
  const vats = new Set(cands.filter((c) => c.kind === 'vat').map((c) => toUnits(c.value)));
  if (cands.some((c) => c.kind === 'net') || vats.size !== 1) return undefined;
  return derivedTriple(cands, 'vat', () => false);
}

/**
 * The triple made of a printed gross and a printed net (or VAT) on its page, the third amount
 * their difference, taken when the VAT is one of the usual rates of the net to the cent; parts
 * for which `skip` holds are passed over. Strong labels first, then lower on the page.
 */
function derivedTriple(
  cands: AmountCandidate[],
  given: 'net' | 'vat',
  skip: (part: AmountCandidate) => boolean,
): ChosenTotals | undefined {
  const sure = (k: TotalKind) => cands.filter((c) => c.kind === k && !c.restored && toUnits(c.value) > 0n);
  const grosses = [...sure('gross'), ...sure('payable')].sort(
    (a, b) => b.strength - a.strength || position(b) - position(a),
  );
  for (const gross of grosses) {
    for (const part of sure(given)) {
      if (part.seg.page !== gross.seg.page || skip(part)) continue;
      const rest = toUnits(gross.value) - toUnits(part.value);
      if (rest <= 0n) continue;
      // A "total" that the VAT adds up to another total printed on its page is the net under a
      // label not known as one ("Total (without VAT) 43.00 / VAT 8.60 / Total 51.60"): no net
      // is derived from it.
      const sum = toUnits(gross.value) + toUnits(part.value);
      const over =
        given === 'vat' && grosses.find((g) => g.seg.page === gross.seg.page && toUnits(g.value) === sum);
      if (over)
        return {
          net: { ...gross, kind: 'net' },
          vat: part,
          gross: over,
          payable: pickStrongest(cands.filter((c) => c.kind === 'payable')),
          balanced: true,
        };
      const [nu, vu] = given === 'net' ? [toUnits(part.value), rest] : [rest, toUnits(part.value)];
      if (!VAT_RATES.some((r) => Math.abs((Number(nu) * r) / 100 - Number(vu)) <= Number(CENT))) continue;
      const derived: AmountCandidate = {
        kind: given === 'net' ? 'vat' : 'net',
        value: formatAmount(fromUnits(rest)),
        seg: gross.seg,
        strength: Math.min(part.strength, gross.strength),
      };
      const [net, vat] = given === 'net' ? [part, derived] : [derived, part];
      return {
        net,
        vat,
        gross,
        payable: pickStrongest(cands.filter((c) => c.kind === 'payable')),
        balanced: true,
      };
    }
  }
  return undefined;
}

/**
 * A VAT amount on the net's page, printed with its cents, that could be the VAT of that net (no
 * more than MAX_VAT_SHARE of it): what the page says, even where the sums do not add up, so no
 * other VAT is derived. A whole number taken from a VAT row or column ("13" under "USt.-Betrag",
 * a rate misread) or the base column's amount read under the VAT heading is none.
 */
function printedVat(cands: AmountCandidate[], net: AmountCandidate): boolean {
  const nu = Number(toUnits(net.value));
  return cands.some(
    (c) =>
      (c.kind === 'vat' || c.kind === 'vat_included') &&
      c.seg.page === net.seg.page &&
      /\d[.,]\d{2}/.test(c.seg.text) &&
      Math.abs(Number(toUnits(c.value))) <= nu * MAX_VAT_SHARE,
  );
}

const negate = (v: string) => (toUnits(v) === 0n ? v : fromUnits(-toUnits(v)));
const magnitude = (v: string) => (toUnits(v) < 0n ? negate(v) : v);

/**
 * A credit note whose minus signs were not all read (OCR drops a thin dash; a text layer may set
 * the sign apart from its number): the amounts add up only as magnitudes, and the signs that
 * were read say negative, by majority or, on a document titled as a credit note, by any one of
 * the three. The sums still have to agree to the cent; only the sign is inferred, from the rest.
 */
function negativeTriple(cands: AmountCandidate[], ctx: TotalsContext): ChosenTotals | undefined {
  const original = new Map<AmountCandidate, AmountCandidate>();
  const abs = cands.map((c) => {
    const a = { ...c, value: magnitude(c.value) };
    original.set(a, c);
    return a;
  });
  const t = balancedTriple(
    abs,
    abs.filter((c) => c.kind === 'vat'),
  );
  if (!t.balanced || !t.net || !t.vat || !t.gross) return undefined;
  const chosen = [t.net, t.vat, t.gross];
  const negatives = chosen.filter((c) => toUnits(original.get(c)!.value) < 0n).length;
  if (negatives === 0 || (negatives === 1 && !ctx.credit)) return undefined;
  const neg = (c: AmountCandidate) => ({ ...original.get(c)!, value: negate(c.value) });
  const payable = t.payable && { ...t.payable, value: negate(magnitude(t.payable.value)) };
  return { net: neg(t.net), vat: neg(t.vat), gross: neg(t.gross), payable, balanced: true };
}

/** One candidate per page summing the VAT rows found on distinct lines of that page. */
function summedVat(cands: AmountCandidate[]): AmountCandidate[] {
  const out: AmountCandidate[] = [];
  for (const page of new Set(cands.map((c) => c.seg.page))) {
    const rows = new Map<number, AmountCandidate>();
    for (const c of cands)
      if (c.kind === 'vat' && !c.restored && c.seg.page === page && !rows.has(c.seg.line))
        rows.set(c.seg.line, c);
    if (rows.size < 2) continue;
    const parts = [...rows.values()];
    const first = parts[0]!;
    out.push({
      kind: 'vat',
      value: fromUnits(parts.reduce((a, c) => a + toUnits(c.value), 0n)),
      seg: { ...first.seg, bbox: union(parts.map((c) => c.seg.bbox)) },
      strength: 1,
    });
  }
  return out;
}

/** What a triple that adds up to the cent counts above one a cent off (see balancedTriple). */
const EXACT_SUM = 0.25;

function balancedTriple(cands: AmountCandidate[], vats: AmountCandidate[]): ChosenTotals {
  const of = (k: TotalKind) => cands.filter((c) => c.kind === k);
  const nets = of('net');
  const grosses = [...of('gross'), ...of('payable')];
  let best: { score: number; net: AmountCandidate; vat: AmountCandidate; gross: AmountCandidate } | undefined;
  for (const g of grosses) {
    const gu = toUnits(g.value);
    for (const n of nets) {
      // (one printed amount is not both: a generic "Summe" read as the net too, beside a zero VAT)
      if (n.seg === g.seg && n.value === g.value) continue;
      const nu = toUnits(n.value);
      for (const v of vats) {
        // A restored decimal is a guess that only a compact summary confirms: one guess at most,
        // and its two partners on its page (not a VAT row of a breakdown pages before the totals).
        const restored = [g, n, v].filter((c) => c.restored);
        if (restored.length > 1) continue;
        if (restored.length && (g.seg.page !== n.seg.page || n.seg.page !== v.seg.page)) continue;
        const vu = toUnits(v.value);
        const diff = nu + vu - gu;
        if ((diff < 0n ? -diff : diff) > CENT) continue;
        // A plausible VAT share of a positive net; no VAT without a base (a zero net with the gross
        // as its VAT is two misread rows).
        const share = Number(vu) / Number(nu || 1n);
        if (nu === 0n ? vu !== 0n : nu > 0n && (share < 0 || share > MAX_VAT_SHARE)) continue;
        // Prefer strong labels, then totals lower on the page (the summary comes last), then larger;
        // a sum to the cent over one a cent off (rounding allows it, but so does a misread digit:
        // "8.4" of a line's column against "Rechnungssumme ohne USt. 8,41").
        const score =
          g.strength +
          n.strength +
          v.strength +
          position(g) * 0.5 +
          (g.kind === 'gross' ? 0.2 : 0) +
          (diff === 0n ? EXACT_SUM : 0);
        if (!best || score > best.score) best = { score, net: n, vat: v, gross: g };
      }
    }
  }
  const payable = pickStrongest(of('payable'));
  if (best) return { net: best.net, vat: best.vat, gross: best.gross, payable, balanced: true };
  return unbalanced(
    cands.filter((c) => !c.restored),
    vats.filter((c) => !c.restored),
    payable,
  );
}

/** Without a triple that adds up: the strongest of each, and whether the gross is corroborated. */
function unbalanced(
  cands: AmountCandidate[],
  vats: AmountCandidate[],
  payable: AmountCandidate | undefined,
): ChosenTotals {
  const of = (k: TotalKind) => cands.filter((c) => c.kind === k);
  const nets = of('net');
  const grosses = [...of('gross'), ...of('payable')];
  const gross = pickStrongest(of('gross'));
  // No arithmetic to go by (an invoice without VAT lines): two or more strong labels on different
  // rows agreeing on one amount, with no strong label naming another, still make a total.
  const strong = grosses.filter((c) => c.strength > 1);
  const values = new Set(strong.map((c) => toUnits(c.value)));
  const rows = new Set(strong.map((c) => `${c.seg.page}:${c.seg.line}`));
  const corroborated =
    !!gross && values.size === 1 && rows.size >= 2 && toUnits(gross.value) === [...values][0];
  // An invoice whose every VAT amount is zero (a supply outside the VAT's scope, a reverse
  // charge) has net = gross: with the gross corroborated and no net label naming another
  // amount, that sum adds up too.
  // There a strong label's amount repeated under a generic one on another row ("Total 2'250.00",
  // "TVA 0.00%  0.00", "Montant de la facture (taxe comprise) 2'250.00") is corroboration enough:
  // the zero VAT row between them says the two are the net and the gross.
  const zero = vats.length > 0 && vats.every((v) => toUnits(v.value) === 0n);
  const repeated =
    !!gross &&
    gross.strength > 1 &&
    values.size <= 1 &&
    grosses.some(
      (c) =>
        toUnits(c.value) === toUnits(gross.value) &&
        `${c.seg.page}:${c.seg.line}` !== `${gross.seg.page}:${gross.seg.line}`,
    );
  if (
    zero &&
    gross &&
    (corroborated || repeated) &&
    nets.every((n) => toUnits(n.value) === toUnits(gross.value))
  ) {
    const vat = pickStrongest(vats)!;
    return { net: { ...gross, kind: 'net' }, vat, gross, payable, balanced: true };
  }
  return {
    gross,
    net: pickStrongest(nets),
    vat: pickStrongest(vats),
    payable,
    balanced: false,
    corroborated,
  };
}

/** A rough "how far down the document" measure: later pages and lower lines score higher. */
function position(c: AmountCandidate): number {
  return Math.min(1, (c.seg.page - 1) * 0.2 + c.seg.bbox[1]);
}

function pickStrongest(cs: AmountCandidate[]): AmountCandidate | undefined {
  let best: AmountCandidate | undefined;
  for (const c of cs) {
    if (!best || c.strength > best.strength || (c.strength === best.strength && position(c) > position(best)))
      best = c;
  }
  return best;
}
