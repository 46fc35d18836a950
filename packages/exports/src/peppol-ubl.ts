// Peppol BIS Billing 3.0 in UBL 2.1, written from the canonical document with the UBL builder
// XRechnung UBL uses. Peppol asks for less than XRechnung (no seller contact, no payment means,
// except between two German parties, where its DE rules are XRechnung's) but for a buyer reference
// or an order reference, electronic addresses for both parties of its own schemes, and lines whose
// net amount is quantity times price.
import { easScheme, isDirectDebit, legalScheme, meansCode, withCoreLines } from './cii.js';
import { type ExportFile, type ExportJob, ExportRefused, type Refusal } from './input.js';
import { exportFilename, ublInvoiceXml, ublMissing, ublTypeCode } from './ubl-invoice.js';
import { xrechnungMissing } from './xrechnung-cii.js';

export const PEPPOL_BIS_ID = 'urn:cen.eu:en16931:2017#compliant#urn:fdc:peppol.eu:2017:poacc:billing:3.0';
export const PEPPOL_BIS_PROFILE = 'urn:fdc:peppol.eu:2017:poacc:billing:01:1.0';
/**
 * Peppol BIS Self-Billing 3.0 (March 2025): Billing 3.0.18 with the roles of the process reversed
 * (the buyer issues, the seller receives), its own identifiers and type codes, and none of the
 * national rules. A self-billed invoice is written under it, not refused or written as another type.
 */
export const PEPPOL_SELF_BILLING_ID =
  'urn:cen.eu:en16931:2017#compliant#urn:fdc:peppol.eu:2017:poacc:selfbilling:3.0';
export const PEPPOL_SELF_BILLING_PROFILE = 'urn:fdc:peppol.eu:2017:poacc:selfbilling:01:1.0';
/** XRechnung's checks that are the German CIUS's own; the rest are EN 16931's and Peppol's too. */
const XRECHNUNG_ONLY = /BR-DE-|required by XRechnung/;

/**
 * The electronic address schemes a Peppol endpoint takes (PEPPOL-EN16931-CL008, OpenPeppol's EAS
 * list of release 3.0.19): participant identifiers, not an e-mail address (EM) as EN 16931 allows.
 */
const PEPPOL_EAS = new Set(
  (
    '0002 0007 0009 0037 0060 0088 0096 0097 0106 0130 0135 0142 0147 0151 0154 0158 0170 0177 0183 0184 ' +
    '0188 0190 0191 0192 0193 0194 0195 0196 0198 0199 0200 0201 0202 0203 0204 0205 0208 0209 0210 0211 ' +
    '0212 0213 0215 0216 0217 0218 0221 0225 0230 0235 0240 9910 9913 9914 9915 9918 9919 9920 9922 9923 ' +
    '9924 9925 9926 9927 9928 9929 9930 9931 9932 9933 9934 9935 9936 9937 9938 9939 9940 9941 9942 9943 ' +
    '9944 9945 9946 9947 9948 9949 9950 9951 9952 9953 9957 9959'
  ).split(' '),
);

/** Type codes of profile 01 (P0100 for an Invoice, P0101 for a CreditNote), release 3.0.19. */
const PEPPOL_INVOICE_TYPES = new Set(
  '71 80 82 84 102 218 219 326 331 380 382 383 384 386 388 393 395 553 575 623 780 817 870 875 876 877'.split(
    ' ',
  ),
);
const PEPPOL_CREDIT_TYPES = new Set(['381', '396', '81', '83', '532']);
/** Self-Billing's type codes: a self-billed invoice or debit note (P0100), credit note (P0101). */
const SELF_BILLED_TYPES = new Set(['389', '527', '261']);

/** Whether the document is written under Peppol BIS Self-Billing rather than Billing. */
const selfBilled = (job: ExportJob): boolean => SELF_BILLED_TYPES.has(ublTypeCode(job.document));
/** UNTDID 4461 codes Peppol's Danish rules take from a Danish seller (DK-R-005). */
const DANISH_MEANS = new Set(['1', '10', '31', '42', '48', '49', '50', '58', '59', '93', '97']);

/** Ten digits whose last is the Luhn check digit of the nine before it. */
function isSwedishOrgNo(s: string): boolean {
  const v = s.trim();
  if (!/^\d{10}$/.test(v)) return false;
  let sum = 0;
  for (let i = 0; i < 10; i++) {
    let n = Number(v[9 - i]) * (i % 2 ? 2 : 1);
    if (n > 9) n -= 9;
    sum += n;
  }
  return sum % 10 === 0;
}

/** A GS1 number (GLN, scheme 0088) whose last digit is the check digit of the others (weights 3, 1 from the right). */
export function isGln(s: string): boolean {
  if (!/^\d{2,}$/.test(s)) return false;
  const digits = [...s.slice(0, -1)].reverse().map(Number);
  const sum = digits.reduce((a, n, i) => a + n * (i % 2 ? 1 : 3), 0);
  return (10 - (sum % 10)) % 10 === Number(s.at(-1));
}

/** Identifier schemes whose ids Peppol checks, with the rule and what an id that fails is not. */
const LEGAL_ID_CHECKS: Record<string, [(id: string) => boolean, string, string]> = {
  '0088': [isGln, 'PEPPOL-COMMON-R040', 'not a GLN, its check digit is wrong'],
  '0007': [
    isSwedishOrgNo,
    'PEPPOL-COMMON-R049',
    'not a Swedish organisation number (ten digits with a check digit)',
  ],
};

/**
 * What Peppol BIS Billing 3.0 requires and the document lacks, or, for a self-billed document,
 * Peppol BIS Self-Billing 3.0, which has Billing's rules less the national ones.
 */
export function peppolMissing(job: ExportJob): Refusal[] {
  const d = job.document;
  const self = selfBilled(job);
  // Peppol's German rules (DE-R-*) are XRechnung's, for a seller and a buyer both in Germany.
  const domesticDe = d.seller.address?.country === 'DE' && d.buyer.address?.country === 'DE';
  const refusals = xrechnungMissing(job).filter(
    (r) => (domesticDe && !self) || !XRECHNUNG_ONLY.test(r.message),
  );
  const cents = (v: string | undefined) => Math.round(Number(v ?? 0) * 100);
  // PEPPOL-EN16931-R120: a line's net amount is its quantity times its price (per its base
  // quantity), plus its charges, less its allowances.
  d.lines.forEach((l, i) => {
    if (!l.quantity || !l.unit_price || !l.net_amount) return;
    const base = Number(l.price_base_quantity ?? 1) || 1;
    const adjust = (l.allowances_charges ?? []).reduce(
      (a, x) => a + (x.charge ? 1 : -1) * cents(x.amount),
      0,
    );
    const product = Math.round((Number(l.quantity) * Number(l.unit_price) * 100) / base) + adjust;
    if (Math.abs(product - cents(l.net_amount)) > 2)
      refusals.push({
        job_id: job.jobId,
        field: `lines.${i}`,
        message: `BT-131 net amount ${l.net_amount} of line ${i + 1} is not its quantity ${l.quantity} times its price ${l.unit_price}${base === 1 ? '' : ` per ${l.price_base_quantity}`}${adjust ? ', with its allowances and charges' : ''} (PEPPOL-EN16931-R120): the invoice's own figures disagree`,
      });
  });
  // PEPPOL-EN16931-P0100/P0101: the type codes Peppol's profiles take. A code such as a hire
  // invoice (387) is in neither; writing it as a plain invoice (380) would say something the
  // invoice does not.
  const type = ublTypeCode(d);
  if (!self && !PEPPOL_INVOICE_TYPES.has(type) && !PEPPOL_CREDIT_TYPES.has(type))
    refusals.push({
      job_id: job.jobId,
      field: 'invoice_type',
      message: `BT-3 invoice type code ${type} (PEPPOL-EN16931-P0100): not one Peppol BIS Billing or Self-Billing takes, and writing it as another would change what the invoice says`,
    });
  if (!self) refusals.push(...nationalMissing(job));
  // PEPPOL-EN16931-R061: a direct debit names its mandate reference (BT-89).
  if (isDirectDebit(d) && !d.payment.mandate_reference)
    refusals.push({
      job_id: job.jobId,
      field: 'payment_means',
      message: 'BT-89 mandate reference of a direct debit (PEPPOL-EN16931-R061): not on the invoice',
      input: 'mandate_reference',
    });
  // PEPPOL-COMMON-R040, R049: a legal id written under the GLN scheme (0088) has a valid GS1
  // check digit, one under the Swedish scheme (0007) is an organisation number, whatever the
  // party's country; a test number printed on an invoice often is neither, and no one can correct
  // it but its holder.
  for (const [p, who] of [
    [d.seller, 'seller'],
    [d.buyer, 'buyer'],
  ] as const) {
    const scheme = p.legal_id ? legalScheme(p)?.schemeID : undefined;
    const check = scheme ? LEGAL_ID_CHECKS[scheme] : undefined;
    if (
      p.legal_id &&
      check &&
      !check[0](p.legal_id.trim()) &&
      !refusals.some((r) => r.field === `${who}_legal_id`)
    )
      refusals.push({
        job_id: job.jobId,
        field: `${who}_legal_id`,
        message: `${who === 'seller' ? 'BT-30' : 'BT-47'} ${who} legal registration id ${scheme}:${p.legal_id} (${check[1]}): ${check[2]}`,
      });
  }
  for (const [p, field, term] of [
    [d.seller, 'seller_electronic_address', 'BT-34 seller'],
    [d.buyer, 'buyer_electronic_address', 'BT-49 buyer'],
  ] as const) {
    const a = p.electronic_address;
    if (!a?.value) continue;
    const scheme = easScheme(a);
    if (scheme === '0088' && !isGln(a.value.trim()))
      refusals.push({
        job_id: job.jobId,
        field,
        message: `${term} electronic address 0088:${a.value} (PEPPOL-COMMON-R040): not a GLN, its check digit is wrong`,
        input: field,
      });
    if (scheme === '0007' && !isSwedishOrgNo(a.value))
      refusals.push({
        job_id: job.jobId,
        field,
        message: `${term} electronic address 0007:${a.value} (PEPPOL-COMMON-R049): not a Swedish organisation number`,
        input: field,
      });
    if (!PEPPOL_EAS.has(scheme) && !refusals.some((r) => r.field === field))
      refusals.push({
        job_id: job.jobId,
        field,
        message: `${term} electronic address ${scheme}:${a.value} (PEPPOL-EN16931-CL008): scheme ${scheme} is not a Peppol participant identifier scheme; give the Peppol ID, e.g. 0088:4000001000005 or 9930:DE123456789`,
        input: field,
      });
  }
  if (
    !d.references.buyer_reference &&
    !d.references.order &&
    !refusals.some((r) => r.field === 'buyer_reference')
  )
    refusals.push({
      job_id: job.jobId,
      field: 'buyer_reference',
      message:
        'BT-10 buyer reference or BT-13 purchase order reference (PEPPOL-EN16931-R003): neither is on the invoice',
      input: 'buyer_reference',
    });
  return refusals;
}

/** The national rules of Peppol BIS Billing (Danish, Dutch, Swedish) that the document fails. */
function nationalMissing(job: ExportJob): Refusal[] {
  const d = job.document;
  const type = ublTypeCode(d);
  const refusals: Refusal[] = [];
  // DK-R-005: a Danish seller's payment means is one of the codes Denmark's rules take.
  const means = meansCode(d);
  if (d.seller.address?.country === 'DK' && means && !DANISH_MEANS.has(means))
    refusals.push({
      job_id: job.jobId,
      field: 'payment_means',
      message: `BT-81 payment means ${means} of a Danish seller (DK-R-005): not one of ${[...DANISH_MEANS].join(', ')}, which Peppol's Danish rules take`,
    });
  // NL-R-001: a Dutch seller's credit note names the invoice it corrects (BT-25).
  if (d.seller.address?.country === 'NL' && PEPPOL_CREDIT_TYPES.has(type) && !d.references.preceding_invoice)
    refusals.push({
      job_id: job.jobId,
      field: 'preceding_invoice',
      message: "BT-25 the invoice a Dutch seller's credit note corrects (NL-R-001): not on the invoice",
      input: 'preceding_invoice',
    });
  // PEPPOL-COMMON-R049, SE-R-003/004/013: a Swedish organisation number (an endpoint of scheme
  // 0007, a Swedish seller's legal id) is ten digits with a Luhn check digit.
  if (d.seller.address?.country === 'SE' && d.seller.legal_id && !isSwedishOrgNo(d.seller.legal_id))
    refusals.push({
      job_id: job.jobId,
      field: 'seller_legal_id',
      message: `BT-30 Swedish organisation number ${d.seller.legal_id} (SE-R-013): not ten digits with a valid check digit`,
    });
  // NL-R-003, DK-R-014: a Dutch or Danish seller's legal id names its scheme (KVK/OIN, CVR).
  const nationalSchemes: Record<string, [string[], string]> = {
    NL: [['0106', '0190'], 'KVK 0106 or OIN 0190, NL-R-003'],
    DK: [['0184'], 'CVR 0184, DK-R-014'],
  };
  const wanted = nationalSchemes[d.seller.address?.country ?? ''];
  // An id of the register's own form gets its scheme (legalScheme); another form is refused by name.
  if (d.seller.legal_id && wanted && !wanted[0].includes(legalScheme(d.seller)?.schemeID ?? ''))
    refusals.push({
      job_id: job.jobId,
      field: 'seller_legal_id',
      message: `BT-30 the scheme of the seller's legal registration id ${d.seller.legal_id} (${wanted[1]}): not on the invoice, and the id is not in the register's form`,
    });
  return refusals;
}

export function writePeppolUbl(read: ExportJob): ExportFile {
  const job = withCoreLines(read);
  const missing = [...peppolMissing(job), ...ublMissing(job)];
  if (missing.length) throw new ExportRefused(missing);
  const self = selfBilled(job);
  const xml = ublInvoiceXml(job.document, {
    customizationId: self ? PEPPOL_SELF_BILLING_ID : PEPPOL_BIS_ID,
    profileId: self ? PEPPOL_SELF_BILLING_PROFILE : PEPPOL_BIS_PROFILE,
    percentWithBase: true,
    oneNote: true,
  });
  return {
    filename: exportFilename('peppol', job.document, job.jobId),
    contentType: 'application/xml; charset=utf-8',
    bytes: Buffer.from(xml, 'utf8'),
  };
}
