// A FatturaPA line's net price (EN 16931 BT-146). PrezzoUnitario is the gross price (BT-148); a
// line's ScontoMaggiorazione (SC discount, MG surcharge) adjusts it per unit, one after the other,
// and PrezzoTotale is the quantity times the price so adjusted. The net price is kept only where
// the line's own PrezzoTotale confirms it.
import { absUnits, fromUnits, parseDecimal, toUnits } from '../decimal.js';
import { withDecimals } from './fatturapa-shared.js';
import type { XmlElement } from './parse.js';
import { child, childrenOf, textOf } from './query.js';

/** 10^-6 units per unit (decimal.ts works in micro-units). */
const ONE = 1_000_000n;
const HUNDRED = 100n * ONE;
/** How far quantity × net price may be from PrezzoTotale: one cent, FatturaPA's own tolerance. */
const CENT = ONE / 100n;

interface Adjustment {
  surcharge: boolean;
  /** Per unit of price (Importo), in micro-units. */
  amount?: bigint;
  /** Percentuale, in micro-units of a percent. */
  percent?: bigint;
}

/**
 * The net price of a DettaglioLinee: PrezzoUnitario as printed when the line has no adjustment, or
 * PrezzoUnitario with its ScontoMaggiorazione applied in order when quantity (1 when absent) times
 * that price is PrezzoTotale within a cent. Each adjustment is taken by its Importo (an amount per
 * unit) or, failing that reading, by its Percentuale of the price after the adjustments before it.
 * Where neither reading agrees with PrezzoTotale, PrezzoUnitario as printed: the line's figures
 * disagree, and no price is made to fit them. Undefined without a PrezzoUnitario.
 */
export function netPriceOf(line: XmlElement): string | undefined {
  const gross = decimal(child(line, 'PrezzoUnitario'));
  if (gross === undefined) return undefined;
  const adjustments = adjustmentsOf(line);
  const total = decimal(child(line, 'PrezzoTotale'));
  if (!adjustments.length || total === undefined) return gross;
  const quantity = toUnits(decimal(child(line, 'Quantita')) ?? '1');

  for (const byAmount of [true, false]) {
    const net = applied(toUnits(gross), adjustments, byAmount);
    if (net === undefined) continue;
    const product = roundUnits(quantity * net, ONE);
    if (absUnits(product - toUnits(total)) <= CENT) return withDecimals(fromUnits(net), [gross]);
  }
  return gross;
}

function adjustmentsOf(line: XmlElement): Adjustment[] {
  const out: Adjustment[] = [];
  for (const sm of childrenOf(line, 'ScontoMaggiorazione')) {
    const kind = textOf(child(sm, 'Tipo'))?.toUpperCase();
    if (kind !== 'SC' && kind !== 'MG') continue;
    const amount = decimal(child(sm, 'Importo'));
    const percent = decimal(child(sm, 'Percentuale'));
    out.push({
      surcharge: kind === 'MG',
      ...(amount !== undefined ? { amount: toUnits(amount) } : {}),
      ...(percent !== undefined ? { percent: toUnits(percent) } : {}),
    });
  }
  return out;
}

/**
 * The price after every adjustment, each by its amount (`byAmount`) or its percentage, the other
 * where the preferred one is absent; undefined when an adjustment has neither.
 */
function applied(price: bigint, adjustments: Adjustment[], byAmount: boolean): bigint | undefined {
  let p = price;
  for (const a of adjustments) {
    const sign = a.surcharge ? 1n : -1n;
    const useAmount = a.amount !== undefined && (byAmount || a.percent === undefined);
    if (useAmount) p += sign * a.amount!;
    else if (a.percent !== undefined) p = roundUnits(p * (HUNDRED + sign * a.percent), HUNDRED);
    else return undefined;
  }
  return p;
}

/** n / d rounded half away from zero. */
function roundUnits(n: bigint, d: bigint): bigint {
  const q = absUnits(n) / d;
  const r = absUnits(n) % d;
  const rounded = 2n * r >= d ? q + 1n : q;
  return n < 0n ? -rounded : rounded;
}

function decimal(el: XmlElement | undefined): string | undefined {
  return parseDecimal(textOf(el));
}
