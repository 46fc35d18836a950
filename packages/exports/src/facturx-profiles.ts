// Factur-X's profiles the writer chooses between: EN 16931 for an invoice with its lines, BASIC WL
// (header, parties, VAT breakdown and totals, no lines) for one read without lines, MINIMUM (parties
// and totals) for one without lines or VAT breakdown. The profile follows the data; none claims a
// value the invoice does not have. Each profile's CII is EN 16931's less what its schema leaves out.
import { en16931Missing } from './cii.js';
import type { ExportJob, Refusal } from './input.js';

export type FacturxLevel = 'EN 16931' | 'BASIC WL' | 'MINIMUM';

export interface FacturxProfile {
  level: FacturxLevel;
  /** BT-24, the guideline the CII names. */
  guideline: string;
  /** The elements the profile's schema has no place for, removed wherever they stand. */
  leftOut: ReadonlySet<string>;
}

/** Elements of the EN 16931 CII that BASIC WL's schema does not have (lines, contacts, card, BIC). */
const NOT_IN_BASIC_WL = [
  'ram:IncludedSupplyChainTradeLineItem',
  'ram:DefinedTradeContact',
  'ram:ApplicableTradeSettlementFinancialCard',
  'ram:AccountName',
  'ram:PayeeSpecifiedCreditorFinancialInstitution',
];

/** MINIMUM keeps the parties' names, ids and countries, the references and the four totals. */
const NOT_IN_MINIMUM = [
  ...NOT_IN_BASIC_WL,
  'ram:IncludedNote',
  'ram:TradingBusinessName',
  'ram:PostcodeCode',
  'ram:LineOne',
  'ram:LineTwo',
  'ram:LineThree',
  'ram:CityName',
  'ram:CountrySubDivisionName',
  'ram:URIUniversalCommunication',
  'ram:ShipToTradeParty',
  'ram:ActualDeliverySupplyChainEvent',
  'ram:CreditorReferenceID',
  'ram:PaymentReference',
  'ram:SpecifiedTradeSettlementPaymentMeans',
  'ram:ApplicableTradeTax',
  'ram:BillingSpecifiedPeriod',
  'ram:SpecifiedTradeAllowanceCharge',
  'ram:SpecifiedTradePaymentTerms',
  'ram:LineTotalAmount',
  'ram:ChargeTotalAmount',
  'ram:AllowanceTotalAmount',
  'ram:RoundingAmount',
  'ram:TotalPrepaidAmount',
];

export const FACTURX_PROFILES: Readonly<Record<FacturxLevel, FacturxProfile>> = {
  'EN 16931': { level: 'EN 16931', guideline: 'urn:cen.eu:en16931:2017', leftOut: new Set() },
  'BASIC WL': {
    level: 'BASIC WL',
    guideline: 'urn:factur-x.eu:1p0:basicwl',
    leftOut: new Set(NOT_IN_BASIC_WL),
  },
  MINIMUM: { level: 'MINIMUM', guideline: 'urn:factur-x.eu:1p0:minimum', leftOut: new Set(NOT_IN_MINIMUM) },
};

/**
 * The richest profile the document supports: EN 16931 when it has lines, BASIC WL when it has a
 * VAT breakdown but no lines, MINIMUM when it has neither (its totals carry the VAT).
 */
export function facturxProfileOf(job: ExportJob): FacturxProfile {
  const d = job.document;
  if (d.lines.length) return FACTURX_PROFILES['EN 16931'];
  return FACTURX_PROFILES[d.vat_breakdown.length ? 'BASIC WL' : 'MINIMUM'];
}

/**
 * The job and profile Factur-X writes, with what that profile lacks: the richest profile the
 * document supports (`facturxProfileOf`). A hybrid whose lines or VAT breakdown were read off its
 * page beside its XML (syntax `…+text`) keeps the profile its XML alone supports where the richer
 * one is refused (a MINIMUM invoice whose amount due is net of a payment its XML does not name):
 * the page's tables add to what the XML has, and never cost it the file it could be written as.
 */
export function facturxTarget(job: ExportJob): {
  job: ExportJob;
  profile: FacturxProfile;
  missing: Refusal[];
} {
  const profile = facturxProfileOf(job);
  const missing = facturxProfileMissing(job, profile);
  const xmlAlone = missing.length ? withoutPageTables(job) : undefined;
  if (xmlAlone) {
    const own = facturxProfileOf(xmlAlone);
    const lacking = facturxProfileMissing(xmlAlone, own);
    if (!lacking.length) return { job: xmlAlone, profile: own, missing: lacking };
  }
  return { job, profile, missing };
}

/** The hybrid's document without the lines and breakdown its page added; undefined when it has none. */
function withoutPageTables(job: ExportJob): ExportJob | undefined {
  const d = job.document;
  if (!d.syntax.endsWith('+text')) return undefined;
  const fromPage = (key: 'lines' | 'vat_breakdown') =>
    Object.entries(d.provenance).some(([p, v]) => p.startsWith(`${key}.`) && v.source === 'text');
  const lines = fromPage('lines');
  const breakdown = fromPage('vat_breakdown');
  if (!lines && !breakdown) return undefined;
  const provenance = Object.fromEntries(
    Object.entries(d.provenance).filter(
      ([p]) => !(lines && p.startsWith('lines.')) && !(breakdown && p.startsWith('vat_breakdown.')),
    ),
  );
  return {
    ...job,
    document: {
      ...d,
      syntax: d.syntax.slice(0, -'+text'.length),
      ...(lines ? { lines: [] } : {}),
      ...(breakdown ? { vat_breakdown: [] } : {}),
      provenance,
    },
  };
}

const refusal = (job: ExportJob, field: string, message: string, input?: string): Refusal => ({
  job_id: job.jobId,
  field,
  message,
  ...(input ? { input } : {}),
});

/**
 * What a profile requires and the document lacks. EN 16931 and BASIC WL share the EN 16931 core
 * (BASIC WL without lines: BR-16 and the line rules do not apply); a BASIC WL or MINIMUM file
 * writes the line total (BT-106) as read, or as the total without VAT only where no allowance or
 * charge stands between them. MINIMUM asks for the seller's name and country, the buyer's name,
 * the totals and the seller's VAT or legal id.
 */
export function facturxProfileMissing(job: ExportJob, profile: FacturxProfile): Refusal[] {
  const d = job.document;
  if (profile.level === 'EN 16931') return en16931Missing(job);
  const core = en16931Missing(job);
  if (profile.level === 'BASIC WL') {
    const refusals = core.filter((r) => r.field !== 'lines');
    if (!d.totals.line_total && (d.totals.allowances || d.totals.charges || d.allowances_charges?.length))
      refusals.push(
        refusal(
          job,
          'line_total',
          'BT-106 sum of line net amounts: not on the invoice (it has allowances or charges)',
        ),
      );
    return refusals;
  }
  // MINIMUM: the core's header values, parties and totals; nothing of lines, breakdown or payment.
  const kept = new Set([
    'invoice_no',
    'invoice_date',
    'currency',
    'seller_name',
    'seller_address',
    'buyer_name',
    'net_amount',
    'gross_amount',
  ]);
  // MINIMUM has no paid amount (BT-113) or rounding (BT-114): an amount due below the total is
  // what it says, and its rules do not hold it to BR-CO-16.
  const refusals = core.filter(
    (r) =>
      (kept.has(r.field) && !/BR-CO-16/.test(r.message)) ||
      (r.field === 'seller_vat_id' && /BR-CO-26/.test(r.message)),
  );
  // Without a breakdown the VAT shows only in its total: a gross unlike the net needs it.
  if (!d.totals.vat && Number(d.totals.gross) !== Number(d.totals.net))
    refusals.push(refusal(job, 'vat_amount', 'BT-110 total VAT amount: not on the invoice'));
  return refusals;
}
