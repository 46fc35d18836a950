// The UN/CEFACT CII (D16B) invoice that XRechnung CII and Factur-X share, written from the
// canonical document of a read invoice: the EN 16931 core, with the guideline (and business
// process) of the profile at hand. Each profile adds its own required values on top of `en16931Missing`.
import {
  type Address,
  type AllowanceCharge,
  type Document,
  type Party,
  unitCodeOf,
} from '@invoice-reader/engine';
import { filledNote } from './company-profile.js';
import type { ExportJob, Refusal } from './input.js';
import { el, leaf, type Node, required, toXml, withoutElements } from './xml-writer.js';

const NS = {
  'xmlns:rsm': 'urn:un:unece:uncefact:data:standard:CrossIndustryInvoice:100',
  'xmlns:ram': 'urn:un:unece:uncefact:data:standard:ReusableAggregateBusinessInformationEntity:100',
  'xmlns:qdt': 'urn:un:unece:uncefact:data:standard:QualifiedDataType:100',
  'xmlns:udt': 'urn:un:unece:uncefact:data:standard:UnqualifiedDataType:100',
};

/** The profile a CII invoice declares: BT-24 (guideline) and BT-23 (business process). */
export interface CiiProfile {
  guideline: string;
  businessProcess?: string;
  /** Elements the profile's schema has no place for (Factur-X BASIC WL and MINIMUM), left out. */
  leftOut?: ReadonlySet<string>;
}

/** UNCL 5305 as EN 16931 restricts it (BR-CL-18). */
const VAT_CATEGORIES = ['S', 'Z', 'E', 'AE', 'K', 'G', 'O', 'L', 'M'];

/** UNCL 5189 as EN 16931 restricts allowance reason codes (BR-CL-19). */
const ALLOWANCE_REASONS = new Set('41 42 60 62 63 64 65 66 67 68 70 71 88 95 100 102 103 104 105'.split(' '));
/** UNCL 7161, the charge reason codes EN 16931 takes (BR-CL-20). */
const CHARGE_REASONS = new Set(
  (
    'AA AAA AAC AAD AAE AAF AAH AAI AAS AAT AAV AAY AAZ ABA ABB ABC ABD ABF ABK ABL ABN ABR ABS ABT ABU ACF ' +
    'ACG ACH ACI ACJ ACK ACL ACM ACS ADC ADE ADJ ADK ADL ADM ADN ADO ADP ADQ ADR ADT ADW ADY ADZ AEA AEB AEC ' +
    'AED AEF AEH AEI AEJ AEK AEL AEM AEN AEO AEP AES AET AEU AEV AEW AEX AEY AEZ AJ AU CA CAB CAD CAE CAF CAI ' +
    'CAJ CAK CAL CAM CAN CAO CAP CAQ CAR CAS CAT CAU CAV CAW CAX CAY CAZ CD CG CS CT DAB DAD DAC DAF DAG DAH ' +
    'DAI DAJ DAK DAL DAM DAN DAO DAP DAQ DL EG EP ER FAA FAB FAC FC FH FI GAA HAA HD HH IAA IAB ID IF IR IS ' +
    'KO L1 LA LAA LAB LF MAE MI ML NAA OA PA PAA PC PL PRV RAB RAC RAD RAF RE RF RH RV SA SAA SAD SAE SAI SG ' +
    'SH SM SU TAB TAC TT TV V1 V2 WH XAA YY ZZZ'
  ).split(' '),
);

/**
 * A refusal for an allowance's or charge's reason code outside its code list (BR-CL-19/20): a
 * charge's code given to an allowance, say; the invoice's own value, which no one here can correct.
 */
function reasonCodeRefusal(
  job: ExportJob,
  field: string,
  a: { charge: boolean; reason_code?: string },
  what: string,
): Refusal[] {
  const code = a.reason_code?.trim();
  if (!code || (a.charge ? CHARGE_REASONS : ALLOWANCE_REASONS).has(code)) return [];
  const [term, rule, list] = a.charge
    ? ['BT-105', 'BR-CL-20', 'UNCL 7161 charge']
    : ['BT-98', 'BR-CL-19', 'UNCL 5189 allowance'];
  return [
    {
      job_id: job.jobId,
      field,
      message: `${term} reason code ${code} of ${what} (${rule}): not a ${list} code`,
    },
  ];
}

/**
 * An electronic address's EAS scheme (BT-34-1, BT-49-1): as read, but for FatturaPA's own, which
 * the EAS list has codes for: the SdI recipient code (`IT:SDI`, 7 characters) is CODDEST (0205),
 * a public office's 6-character iPA code 0201, the certified e-mail address (`IT:PEC`) 0202; none
 * given is an e-mail address (EM).
 */
export function easScheme(a: { scheme?: string; value: string }): string {
  if (a.scheme === 'IT:PEC') return '0202';
  if (a.scheme === 'IT:SDI') return a.value.trim().length === 6 ? '0201' : '0205';
  return a.scheme ?? 'EM';
}

/** The CEF EAS code list (electronic address schemes, BR-CL-25), as CEN's rules list it. */
const EAS = new Set(
  (
    '0002 0007 0009 0037 0060 0088 0096 0097 0106 0130 0135 0142 0147 0151 0154 0158 0170 0177 0183 0184 0188 ' +
    '0190 0191 0192 0193 0194 0195 0196 0198 0199 0200 0201 0202 0203 0204 0205 0208 0209 0210 0211 0212 0213 ' +
    '0215 0216 0217 0218 0219 0220 0221 0225 0230 0235 0240 0242 0244 0245 0246 0248 9910 9913 9914 9915 9918 ' +
    '9919 9920 9922 9923 9924 9925 9926 9927 9928 9929 9930 9931 9932 9933 9934 9935 9936 9937 9938 9939 9940 ' +
    '9941 9942 9943 9944 9945 9946 9947 9948 9949 9950 9951 9952 9953 9957 9959 AN AQ AS AU EM'
  ).split(' '),
);

const date = (name: string, iso: string | undefined) =>
  iso ? el(name, [leaf('udt:DateTimeString', iso.replaceAll('-', ''), { format: '102' })]) : undefined;

/**
 * Refusals for values that are missing, each naming the business term, and the key a person can
 * enter it under (when there is one).
 */
export function missingOf(job: ExportJob, need: Array<[unknown, string, string, string?]>): Refusal[] {
  // (a value read but not confirmed was left out by confirmedOnly: the person is told so)
  const read = (field: string) =>
    job.fields_detailed.find(
      (f) => f.key === field && (f.status === 'unconfirmed' || f.status === 'flagged'),
    );
  return need
    .filter(([v]) => !v)
    .map(([, field, message, input]) => {
      const doubt = read(field);
      return {
        job_id: job.jobId,
        field,
        message: doubt
          ? `${message}: read as "${doubt.value}" but not confirmed; confirm or correct it`
          : `${message}: not on the invoice`,
        ...(input ? { input } : {}),
      };
    });
}

/** The key of a field of the job's field set, or of the business term beside it. */
export const inputKey = (job: ExportJob, ...keys: string[]): string =>
  keys.find((k) => k in job.fields) ?? keys.at(-1)!;

/** What the EN 16931 core requires and the document lacks (every CII/UBL profile needs these). */
export function en16931Missing(job: ExportJob): Refusal[] {
  const d = job.document;
  const amountInput = (key: string) => (key in job.fields ? key : undefined);
  const refusals = missingOf(job, [
    [d.number, 'invoice_no', 'BT-1 invoice number', inputKey(job, 'invoice_number', 'invoice_no')],
    [d.issue_date, 'invoice_date', 'BT-2 issue date', 'invoice_date'],
    [d.currency, 'currency', 'BT-5 currency', amountInput('currency')],
    [d.seller.name, 'seller_name', 'BT-27 seller name', inputKey(job, 'vendor_name', 'seller_name')],
    [d.seller.address?.country, 'seller_address', 'BT-40 seller country', 'seller_country'],
    [d.buyer.name, 'buyer_name', 'BT-44 buyer name', 'buyer_name'],
    [d.buyer.address?.country, 'buyer_address', 'BT-55 buyer country', 'buyer_country'],
    [d.totals.net, 'net_amount', 'BT-109 total without VAT', amountInput('net_amount')],
    [d.totals.gross, 'gross_amount', 'BT-112 total with VAT', amountInput('gross_amount')],
    [d.totals.payable ?? d.totals.gross, 'gross_amount', 'BT-115 amount due', amountInput('gross_amount')],
    [d.lines.length ? 'x' : '', 'lines', 'BG-25 at least one invoice line (BR-16)'],
    [d.vat_breakdown.length ? 'x' : '', 'vat_breakdown', 'BG-23 the VAT breakdown'],
  ]);
  // BR-S-2, BR-Z-2, BR-E-2, BR-AE-2, BR-IC-2, BR-G-2 (and XRechnung's BR-DE-16): a taxed or
  // exempt supply names the seller's VAT id or tax number.
  const categories = [
    ...d.lines.map((l) => lineCategory(d, l)),
    ...d.vat_breakdown.map((v) => categoryOf(d, v)),
  ];
  if (categories.some((c) => c && c !== 'O') && !d.seller.vat_id && !d.seller.tax_number)
    refusals.push({
      job_id: job.jobId,
      field: 'seller_vat_id',
      message: 'BT-31/BT-32 seller VAT id or tax number (BR-S-2, BR-DE-16): not on the invoice',
      input: 'seller_vat_id',
    });
  for (const [p, field, term] of [
    [d.seller, 'seller_electronic_address', 'BT-34'],
    [d.buyer, 'buyer_electronic_address', 'BT-49'],
  ] as const) {
    const scheme = p.electronic_address && easScheme(p.electronic_address);
    if (p.electronic_address && scheme && !EAS.has(scheme))
      refusals.push({
        job_id: job.jobId,
        field,
        message: `${term} electronic address scheme ${scheme} (BR-CL-25): not in the EAS code list`,
        input: field,
      });
  }
  // BR-CO-26: the buyer identifies the supplier by its VAT id or legal registration id.
  // An invoice not subject to VAT (category O) names no VAT id (BR-O-02): its legal id is asked for.
  if (!d.seller.vat_id && !d.seller.legal_id)
    refusals.push({
      job_id: job.jobId,
      field: 'seller_vat_id',
      message: 'BT-30/BT-31 seller legal registration id or VAT id (BR-CO-26): not on the invoice',
      input: categories.includes('O') ? 'seller_legal_id' : 'seller_vat_id',
    });
  const cents = (v: string | undefined) => Math.round(Number(v ?? 0) * 100);
  // BR-CO-10: the lines read add up to the line total (a line the reader missed would not).
  const lineSum = d.lines.reduce((a, l) => a + cents(l.net_amount), 0);
  if (d.lines.length && d.totals.line_total && lineSum !== cents(d.totals.line_total))
    refusals.push({
      job_id: job.jobId,
      field: 'lines',
      message: `BT-106 sum of line net amounts ${d.totals.line_total} (BR-CO-10): the lines read add up to ${(lineSum / 100).toFixed(2)}`,
    });
  // Where the invoice gives no line total (FatturaPA), the lines must add up to the total without
  // VAT, or, with document-level allowances and charges between them (FatturaPA's discounts and
  // fund contributions), the lines less the allowances plus the charges must (BR-CO-13).
  const acSum = (d.allowances_charges ?? []).reduce((a, x) => a + (x.charge ? 1 : -1) * cents(x.amount), 0);
  if (d.lines.length && !d.totals.line_total && d.totals.net && lineSum + acSum !== cents(d.totals.net))
    refusals.push({
      job_id: job.jobId,
      field: 'lines',
      message: acSum
        ? `BT-109 total without VAT ${d.totals.net} (BR-CO-13): the lines read add up to ${(lineSum / 100).toFixed(2)}, with the document-level allowances and charges to ${((lineSum + acSum) / 100).toFixed(2)}`
        : `BT-106 sum of line net amounts (BR-CO-10): the lines read add up to ${(lineSum / 100).toFixed(2)}, the total without VAT is ${d.totals.net}`,
    });
  // BR-CO-16: amount due = total with VAT - paid + rounding.
  if (
    d.totals.payable &&
    d.totals.gross &&
    cents(d.totals.payable) !== cents(d.totals.gross) - cents(d.totals.prepaid) + cents(d.totals.rounding)
  )
    refusals.push({
      job_id: job.jobId,
      field: 'gross_amount',
      message: `BT-115 amount due ${d.totals.payable} (BR-CO-16): not total ${d.totals.gross} - paid + rounding`,
    });
  const due = Number(d.totals.payable ?? d.totals.gross ?? 0);
  if (due > 0 && !d.due_date && !d.payment.due_date && !d.payment.terms)
    refusals.push({
      job_id: job.jobId,
      field: 'due_date',
      message: 'BT-9 due date or BT-20 payment terms (BR-CO-25, an amount is due): not on the invoice',
      input: 'due_date',
    });
  // BR-CO-11/12: the document-level allowances and charges kept (BG-20/BG-21) add up to their
  // totals (BT-107/BT-108); each has its amount, VAT category (BR-32, BR-37) and a reason or reason
  // code (BR-33, BR-38). A result read before they were kept has the totals alone: refused. An
  // invoice that gives no such total (FatturaPA has none) has the sum of those kept written.
  const acs = d.allowances_charges ?? [];
  for (const [charge, total, field, term, rule] of [
    [false, d.totals.allowances, 'allowances', 'BT-107 sum of allowances', 'BR-CO-11'],
    [true, d.totals.charges, 'charges', 'BT-108 sum of charges', 'BR-CO-12'],
  ] as const) {
    const kept = acs.filter((a) => a.charge === charge);
    const sum = kept.reduce((a, x) => a + cents(x.amount), 0);
    if (total !== undefined && cents(total) !== sum)
      refusals.push({
        job_id: job.jobId,
        field,
        message: kept.length
          ? `${term} ${total ?? '0.00'} (${rule}): the document-level ${field} read add up to ${(sum / 100).toFixed(2)}`
          : `${term}: the invoice has ${total} in document-level ${field} (BG-20/BG-21) that were not read from it`,
      });
  }
  acs.forEach((a, i) => {
    const what = `${a.charge ? 'charge' : 'allowance'} ${i + 1}`;
    refusals.push(...reasonCodeRefusal(job, `allowances_charges.${i}`, a, `document-level ${what}`));
    for (const [v, term] of [
      [a.amount, a.charge ? 'BT-99 amount' : 'BT-92 amount'],
      [chargeCategory(d, a), a.charge ? 'BT-102 VAT category' : 'BT-95 VAT category'],
      [a.reason || a.reason_code, a.charge ? 'BT-104/BT-105 reason' : 'BT-97/BT-98 reason'],
    ] as const)
      if (!v)
        refusals.push({
          job_id: job.jobId,
          field: `allowances_charges.${i}`,
          message: `${term} of document-level ${what}: not on the invoice`,
        });
  });
  const carried = new Set([
    ...d.lines.map((l) => lineCategory(d, l)),
    ...acs.map((a) => chargeCategory(d, a)),
  ]);
  d.vat_breakdown.forEach((entry, i) => {
    const v = { ...entry, category: categoryOf(d, entry) };
    if (!v.category)
      refusals.push({
        job_id: job.jobId,
        field: `vat_breakdown.${i}`,
        message: `BT-118 VAT category of the VAT breakdown at rate ${v.rate ?? '(none)'}: not on the invoice`,
      });
    if (d.lines.length && v.category && !carried.has(v.category))
      refusals.push({
        job_id: job.jobId,
        field: `vat_breakdown.${i}`,
        message: `VAT category ${v.category} of the VAT breakdown is on no line, allowance or charge read`,
      });
    if (v.category && !VAT_CATEGORIES.includes(v.category))
      refusals.push({
        job_id: job.jobId,
        field: `vat_breakdown.${i}`,
        message: `BT-118 VAT category ${v.category} (BR-CL-18): not a UNCL 5305 code`,
      });
    // BR-IC-11/12: an intra-community supply names its delivery date or invoicing period, and the
    // deliver-to country (BT-80).
    if (v.category === 'K' && !d.delivery?.address?.country)
      refusals.push({
        job_id: job.jobId,
        field: `vat_breakdown.${i}`,
        message: 'BT-80 deliver-to country of an intra-community supply (BR-IC-12): not on the invoice',
      });
    if (v.category === 'K' && !d.delivery_date && !d.period?.start && !d.period?.end)
      refusals.push({
        job_id: job.jobId,
        field: `vat_breakdown.${i}`,
        message:
          'BT-72 delivery date or BG-14 invoicing period of an intra-community supply (BR-IC-11): not on the invoice',
      });
    // BR-S-10, BR-Z-10, BR-L-10, BR-M-10: a taxed category gives no exemption reason; one the invoice
    // gives all the same contradicts its category and cannot be written.
    if (['S', 'Z', 'L', 'M'].includes(v.category ?? '') && (v.exemption_reason || v.exemption_code))
      refusals.push({
        job_id: job.jobId,
        field: `vat_breakdown.${i}`,
        message: `BT-120/BT-121 exemption reason "${v.exemption_reason ?? v.exemption_code}" of VAT category ${v.category} (BR-${v.category}-10): a taxed category has none`,
      });
    if (['E', 'AE', 'K', 'G', 'O'].includes(v.category ?? '') && !v.exemption_reason && !v.exemption_code)
      refusals.push({
        job_id: job.jobId,
        field: `vat_breakdown.${i}`,
        message: `BT-120/BT-121 the exemption reason of VAT category ${v.category}: not on the invoice`,
      });
  });
  d.lines.forEach((l, i) => {
    const unit = unitCode(l.unit);
    if (unit && !/^[A-Z0-9]{2,3}$/.test(unit))
      refusals.push({
        job_id: job.jobId,
        field: `lines.${i}`,
        message: `BT-130 unit ${l.unit} of line ${i + 1} (BR-CL-23): not a UN/ECE Rec 20 code`,
      });
    (l.allowances_charges ?? []).forEach((a, j) => {
      const what = `${a.charge ? 'charge' : 'allowance'} ${j + 1} of line ${i + 1}`;
      refusals.push(...reasonCodeRefusal(job, `lines.${i}`, a, what));
      for (const [v, term] of [
        [a.amount, a.charge ? 'BT-141 amount' : 'BT-136 amount'],
        [a.reason || a.reason_code, a.charge ? 'BT-144/BT-145 reason' : 'BT-139/BT-140 reason'],
      ] as const)
        if (!v)
          refusals.push({
            job_id: job.jobId,
            field: `lines.${i}`,
            message: `${term} of ${what}: not on the invoice`,
          });
    });
    for (const [v, what] of [
      [l.description, 'BT-153 item name'],
      [l.quantity, 'BT-129 quantity'],
      [l.net_amount, 'BT-131 line net amount'],
      [l.net_amount ? netPrice(l) : 'x', 'BT-146 item net price'],
      [lineCategory(d, l), 'BT-151 VAT category'],
    ] as const)
      if (!v)
        refusals.push({
          job_id: job.jobId,
          field: `lines.${i}`,
          message: `${what} of line ${i + 1}: not on the invoice`,
        });
  });
  return refusals;
}

function postalAddress(a: Address): Node {
  return el('ram:PostalTradeAddress', [
    leaf('ram:PostcodeCode', a.postcode),
    leaf('ram:LineOne', a.lines[0]),
    leaf('ram:LineTwo', a.lines[1]),
    leaf('ram:LineThree', a.lines[2]),
    leaf('ram:CityName', a.city),
    leaf('ram:CountryID', a.country),
    leaf('ram:CountrySubDivisionName', a.region),
  ]);
}

function party(role: 'Seller' | 'Buyer', p: Document['seller']): Node {
  const a = p.address;
  return el(`ram:${role}TradeParty`, [
    leaf('ram:Name', p.name),
    p.legal_id || p.trading_name
      ? el('ram:SpecifiedLegalOrganization', [
          leaf('ram:ID', legalIdValue(p), legalScheme(p)),
          leaf('ram:TradingBusinessName', p.trading_name),
        ])
      : undefined,
    p.contact
      ? el('ram:DefinedTradeContact', [
          leaf('ram:PersonName', p.contact.name),
          p.contact.phone
            ? el('ram:TelephoneUniversalCommunication', [leaf('ram:CompleteNumber', p.contact.phone)])
            : undefined,
          p.contact.email
            ? el('ram:EmailURIUniversalCommunication', [leaf('ram:URIID', p.contact.email)])
            : undefined,
        ])
      : undefined,
    a ? postalAddress(a) : undefined,
    p.electronic_address
      ? el('ram:URIUniversalCommunication', [
          leaf('ram:URIID', p.electronic_address.value, { schemeID: easScheme(p.electronic_address) }),
        ])
      : undefined,
    p.vat_id ? el('ram:SpecifiedTaxRegistration', [leaf('ram:ID', p.vat_id, { schemeID: 'VA' })]) : undefined,
    p.tax_number
      ? el('ram:SpecifiedTaxRegistration', [leaf('ram:ID', p.tax_number, { schemeID: 'FC' })])
      : undefined,
  ]);
}

const TYPE_CODES: Record<string, string> = { invoice: '380', credit_note: '381' };

/** The CII XML of a job whose refusals were checked by the caller (its currency is set). */
export function ciiXml(job: ExportJob, profile: CiiProfile): string {
  const d = job.document;
  const cur = d.currency!;
  const sums = writtenSums(d);
  const amount = (name: string, v: string | undefined, withCurrency = false) =>
    leaf(name, v, withCurrency ? { currencyID: cur } : undefined);
  // The accounts to pay to (BT-84); one without a number may still give the bank (BT-86).
  const numbered = d.payment.accounts.filter((a) => a.iban || a.account);
  const payeeAccounts = numbered.length ? numbered : [d.payment.accounts[0]];
  const meansGroup = (account: Document['payment']['accounts'][number] | undefined, first: boolean) =>
    el('ram:SpecifiedTradeSettlementPaymentMeans', [
      leaf('ram:TypeCode', writtenMeans(d)),
      first && isCard(d) && d.payment.card?.number
        ? el('ram:ApplicableTradeSettlementFinancialCard', [
            leaf('ram:ID', d.payment.card.number),
            leaf('ram:CardholderName', d.payment.card.holder),
          ])
        : undefined,
      first && debit && d.payment.debtor_iban
        ? el('ram:PayerPartyDebtorFinancialAccount', [leaf('ram:IBANID', d.payment.debtor_iban)])
        : undefined,
      // An account that is not an IBAN (a Swedish Bankgiro, say) is the proprietary id (BT-84).
      account?.iban || account?.account
        ? el('ram:PayeePartyCreditorFinancialAccount', [
            leaf('ram:IBANID', account.iban),
            leaf('ram:AccountName', account.name),
            account.iban ? undefined : leaf('ram:ProprietaryID', account.account),
          ])
        : undefined,
      account?.bic
        ? el('ram:PayeeSpecifiedCreditorFinancialInstitution', [leaf('ram:BICID', account.bic)])
        : undefined,
    ]);
  // The direct debit group (BG-19) only with a direct debit: a transfer or card payment carrying it
  // breaks BR-DE-23-b/24-b, whatever else the invoice printed.
  const debit = isDirectDebit(d);
  const root = el(
    'rsm:CrossIndustryInvoice',
    [
      el('rsm:ExchangedDocumentContext', [
        el('ram:BusinessProcessSpecifiedDocumentContextParameter', [leaf('ram:ID', profile.businessProcess)]),
        el('ram:GuidelineSpecifiedDocumentContextParameter', [leaf('ram:ID', profile.guideline)]),
      ]),
      el('rsm:ExchangedDocument', [
        leaf('ram:ID', d.number),
        leaf(
          'ram:TypeCode',
          d.type_code && /^\d{3}$/.test(d.type_code) ? d.type_code : (TYPE_CODES[d.type] ?? '380'),
        ),
        date('ram:IssueDateTime', d.issue_date),
        ...d.notes.map((n) => el('ram:IncludedNote', [leaf('ram:Content', n)])),
      ]),
      el('rsm:SupplyChainTradeTransaction', [
        ...d.lines.map((l, i) =>
          el('ram:IncludedSupplyChainTradeLineItem', [
            el('ram:AssociatedDocumentLineDocument', [leaf('ram:LineID', l.id ?? String(i + 1))]),
            el('ram:SpecifiedTradeProduct', [leaf('ram:Name', l.description)]),
            el('ram:SpecifiedLineTradeAgreement', [
              el('ram:NetPriceProductTradePrice', [
                leaf('ram:ChargeAmount', netPrice(l)),
                l.unit_price
                  ? leaf('ram:BasisQuantity', l.price_base_quantity, { unitCode: unitCode(l.unit) ?? 'C62' })
                  : undefined,
              ]),
            ]),
            el('ram:SpecifiedLineTradeDelivery', [
              leaf('ram:BilledQuantity', l.quantity, { unitCode: unitCode(l.unit) ?? 'C62' }),
            ]),
            el('ram:SpecifiedLineTradeSettlement', [
              el('ram:ApplicableTradeTax', [
                leaf('ram:TypeCode', 'VAT'),
                leaf('ram:CategoryCode', lineCategory(d, l)),
                leaf('ram:RateApplicablePercent', lineRate(d, l)),
              ]),
              ...(l.allowances_charges ?? []).map((a) =>
                el('ram:SpecifiedTradeAllowanceCharge', [
                  el('ram:ChargeIndicator', [leaf('udt:Indicator', String(a.charge))]),
                  leaf('ram:CalculationPercent', a.percent),
                  amount('ram:BasisAmount', a.base),
                  amount('ram:ActualAmount', a.amount),
                  leaf('ram:ReasonCode', a.reason_code),
                  leaf('ram:Reason', a.reason),
                ]),
              ),
              el('ram:SpecifiedTradeSettlementLineMonetarySummation', [
                leaf('ram:LineTotalAmount', l.net_amount),
              ]),
            ]),
          ]),
        ),
        el('ram:ApplicableHeaderTradeAgreement', [
          leaf('ram:BuyerReference', d.references.buyer_reference),
          party('Seller', d.seller),
          party('Buyer', d.buyer),
          d.references.order
            ? el('ram:BuyerOrderReferencedDocument', [leaf('ram:IssuerAssignedID', d.references.order)])
            : undefined,
        ]),
        required('ram:ApplicableHeaderTradeDelivery', [
          d.delivery
            ? el('ram:ShipToTradeParty', [
                leaf('ram:Name', d.delivery.name),
                d.delivery.address ? postalAddress(d.delivery.address) : undefined,
              ])
            : undefined,
          d.delivery_date
            ? el('ram:ActualDeliverySupplyChainEvent', [date('ram:OccurrenceDateTime', d.delivery_date)])
            : undefined,
        ]),
        el('ram:ApplicableHeaderTradeSettlement', [
          leaf('ram:CreditorReferenceID', debit ? d.payment.creditor_id : undefined),
          leaf('ram:PaymentReference', d.payment.reference),
          leaf('ram:InvoiceCurrencyCode', cur),
          // The type code is required inside the group: no code, no group; but an account to pay
          // to that the invoice prints without saying how to pay keeps its group, as 1 (UNTDID
          // 4461 "instrument not defined"). XRechnung still asks for the means (BR-DE-1). Each
          // account to pay to is a group of its own (BG-17 repeats), the card and the debited
          // account go with the first.
          ...(writtenMeans(d) ? payeeAccounts.map((account, i) => meansGroup(account, i === 0)) : []),
          ...d.vat_breakdown.map((v) =>
            el('ram:ApplicableTradeTax', [
              amount('ram:CalculatedAmount', v.tax),
              leaf('ram:TypeCode', 'VAT'),
              leaf('ram:ExemptionReason', v.exemption_reason),
              amount('ram:BasisAmount', v.taxable),
              leaf('ram:CategoryCode', categoryOf(d, v)),
              leaf('ram:ExemptionReasonCode', v.exemption_code),
              leaf('ram:RateApplicablePercent', breakdownRate(categoryOf(d, v), v.rate)),
            ]),
          ),
          d.period?.start || d.period?.end
            ? el('ram:BillingSpecifiedPeriod', [
                date('ram:StartDateTime', d.period.start),
                date('ram:EndDateTime', d.period.end),
              ])
            : undefined,
          ...(d.allowances_charges ?? []).map((a) =>
            el('ram:SpecifiedTradeAllowanceCharge', [
              el('ram:ChargeIndicator', [leaf('udt:Indicator', String(a.charge))]),
              leaf('ram:CalculationPercent', a.percent),
              amount('ram:BasisAmount', a.base),
              amount('ram:ActualAmount', a.amount),
              leaf('ram:ReasonCode', a.reason_code),
              leaf('ram:Reason', a.reason),
              el('ram:CategoryTradeTax', [
                leaf('ram:TypeCode', 'VAT'),
                leaf('ram:CategoryCode', chargeCategory(d, a)),
                leaf('ram:RateApplicablePercent', a.vat_rate),
              ]),
            ]),
          ),
          el('ram:SpecifiedTradePaymentTerms', [
            leaf('ram:Description', paymentTermsText(d.payment.terms)),
            date('ram:DueDateDateTime', d.due_date ?? d.payment.due_date),
            leaf('ram:DirectDebitMandateID', debit ? d.payment.mandate_reference : undefined),
          ]),
          el('ram:SpecifiedTradeSettlementHeaderMonetarySummation', [
            amount('ram:LineTotalAmount', sums.line_total),
            amount('ram:ChargeTotalAmount', sums.charges),
            amount('ram:AllowanceTotalAmount', sums.allowances),
            amount('ram:TaxBasisTotalAmount', d.totals.net),
            amount('ram:TaxTotalAmount', d.totals.vat, true),
            amount('ram:RoundingAmount', d.totals.rounding),
            amount('ram:GrandTotalAmount', d.totals.gross),
            amount('ram:TotalPrepaidAmount', d.totals.prepaid),
            amount('ram:DuePayableAmount', d.totals.payable ?? d.totals.gross),
          ]),
        ]),
      ]),
    ],
    NS,
  );
  return toXml(profile.leftOut ? withoutElements(root, profile.leftOut) : root, filledNote(d));
}

/**
 * The job with the invoice lines of EN 16931's core: where the invoice nests lines (Factur-X
 * EXTENDED sub-lines, each naming its parent), the level that adds up to the line total (BT-106),
 * the top-level lines first, else the innermost (and of two, the one whose lines have their
 * quantities and add up to the VAT breakdown rate by rate); otherwise every line as read.
 */
export function withCoreLines(job: ExportJob): ExportJob {
  const d = job.document;
  if (!d.lines.some((l) => l.parent_id)) return job;
  const parents = new Set(d.lines.map((l) => l.parent_id).filter(Boolean));
  const cents = (ls: Document['lines']) =>
    ls.reduce((a, l) => a + Math.round(Number(l.net_amount ?? 0) * 100), 0);
  const total = Math.round(Number(d.totals.line_total ?? d.totals.net ?? Number.NaN) * 100);
  const levels = [
    d.lines.filter((l) => !l.parent_id),
    d.lines.filter((l) => !l.id || !parents.has(l.id)),
  ].filter((ls) => ls.length && cents(ls) === total);
  // A group line may carry only its sum, or a rate of its own that is none of the breakdown's (a
  // bundle of items at 7 % and 19 %): the level whose lines have their quantities and add up to the
  // VAT breakdown rate by rate (BR-S-08 and its siblings), else the one with quantities.
  const withQuantities = levels.filter((ls) => ls.every((l) => l.quantity));
  const lines = withQuantities.find((ls) => addsUpByRate(d, ls)) ?? withQuantities[0] ?? levels[0];
  return lines ? { ...job, document: { ...d, lines } } : job;
}

/** Whether `lines` and the document-level allowances and charges add up to each VAT breakdown entry's taxable amount. */
function addsUpByRate(d: Document, lines: Document['lines']): boolean {
  const cents = (v: string | undefined) => Math.round(Number(v ?? 0) * 100);
  const key = (category: string | undefined, rate: string | undefined) => `${category}:${Number(rate ?? 0)}`;
  const sums = new Map<string, number>();
  const add = (k: string, c: number) => sums.set(k, (sums.get(k) ?? 0) + c);
  for (const l of lines) add(key(lineCategory(d, l), lineRate(d, l)), cents(l.net_amount));
  for (const a of d.allowances_charges ?? [])
    add(key(chargeCategory(d, a), a.vat_rate), (a.charge ? 1 : -1) * cents(a.amount));
  return d.vat_breakdown.every((v) => sums.get(key(categoryOf(d, v), v.rate)) === cents(v.taxable));
}

/**
 * National registers whose numbers have a single form in their country, so that an id printed
 * without its scheme names it: the Dutch Chamber of Commerce's KvK number (eight digits, ICD 0106;
 * an OIN has twenty, a VAT id twelve characters) and the Danish CVR number (eight digits, ICD 0184),
 * each with or without its country's letters in front.
 */
const NATIONAL_LEGAL_IDS: Record<string, [RegExp, string]> = {
  NL: [/^(NL)?\d{8}$/, '0106'],
  DK: [/^(DK)?\d{8}$/, '0184'],
};

/**
 * The scheme a legal id is written with: an ISO 6523 ICD code (BR-CL-11: 0002 ... 0240) as read;
 * another (an electronic address scheme such as 9930) is left out, the id itself is written. An id
 * read without a scheme gets its national register's where the seller's country and the id's form
 * leave no other (NATIONAL_LEGAL_IDS); otherwise none.
 */
export function legalScheme(p: Party): { schemeID: string } | undefined {
  if (p.legal_id_scheme)
    return /^0\d{3}$/.test(p.legal_id_scheme) ? { schemeID: p.legal_id_scheme } : undefined;
  const national = NATIONAL_LEGAL_IDS[p.address?.country ?? ''];
  return national && p.legal_id && national[0].test(p.legal_id.replace(/\s+/g, ''))
    ? { schemeID: national[1] }
    : undefined;
}

/**
 * A legal id (BT-30, BT-47) as written: as read, except a CVR number (scheme 0184) of eight digits,
 * which gets its country's letters in front, the one form Peppol's rules take (PEPPOL-COMMON-R042);
 * the number is the same.
 */
export function legalIdValue(p: Party): string | undefined {
  const id = p.legal_id?.replace(/\s+/g, '');
  return legalScheme(p)?.schemeID === '0184' && id && /^\d{8}$/.test(id) ? `DK${id}` : p.legal_id;
}

/**
 * A line's net price (BT-146) as written: as read; or, for a line without allowances or charges of
 * its own, what its net amount and quantity make it (net = quantity × price): the net amount of one
 * unit (or of a line without quantity, as FatturaPA's are), else their quotient where it is exact to
 * four decimals (198.00 for 20 units is 9.90). Any other line has none: a price rounded to fit
 * would state one the invoice does not.
 */
export function linePrice(l: Document['lines'][number]): string | undefined {
  if (l.unit_price) return l.unit_price;
  if (!l.net_amount || l.allowances_charges?.length) return undefined;
  if (!l.quantity || Number(l.quantity) === 1) return l.net_amount;
  return exactQuotient(l.net_amount, l.quantity, 4);
}

/**
 * A line's net price (BT-146) as EN 16931 writes it: `linePrice`, but none where that is made of
 * a negative amount over a positive quantity (a credit's line printed with its sign on the
 * amount): a net price is never negative (BR-27), and the line is refused rather than written so.
 */
export function netPrice(l: Document['lines'][number]): string | undefined {
  const price = linePrice(l);
  return !l.unit_price && price?.startsWith('-') && l.quantity && Number(l.quantity) !== 1
    ? undefined
    : price;
}

/** `a / b` as a decimal of at most `digits` decimals (at least two), or undefined where it is not exact. */
function exactQuotient(a: string, b: string, digits: number): string | undefined {
  const parse = (s: string): [bigint, number] | undefined => {
    const m = /^(-?)(\d+)(?:\.(\d+))?$/.exec(s.trim());
    return m ? [BigInt(`${m[1]}${m[2]}${m[3] ?? ''}`), (m[3] ?? '').length] : undefined;
  };
  const x = parse(a);
  const y = parse(b);
  if (!x || !y || y[0] === 0n) return undefined;
  // a / b × 10^digits = x × 10^(y's scale + digits) / (y × 10^(x's scale))
  const num = x[0] * 10n ** BigInt(y[1] + digits);
  const den = y[0] * 10n ** BigInt(x[1]);
  if (num % den !== 0n) return undefined;
  const q = num / den;
  const abs = q < 0n ? -q : q;
  const one = 10n ** BigInt(digits);
  const frac = (abs % one).toString().padStart(digits, '0').replace(/0+$/, '').padEnd(2, '0');
  return `${q < 0n ? '-' : ''}${abs / one}.${frac}`;
}

/** A line's unit as written: a Rec 20 code as read, or the code of a unit given as a word (the
 * engine's units lexicon; FatturaPA's UnitaMisura is free text); other text stays as read. */
export const unitCode = (unit: string | undefined): string | undefined =>
  unit === undefined ? undefined : (unitCodeOf(unit) ?? unit);

/**
 * FatturaPA's payment means (ModalitaPagamento) that have an UNTDID 4461 twin: cash, cheque, credit
 * transfer, payment card, direct debit (RID) and SEPA direct debit. The others have none.
 */
const FATTURAPA_MEANS: Record<string, string> = {
  MP01: '10',
  MP02: '20',
  MP05: '30',
  MP08: '48',
  MP09: '49',
  MP10: '49',
  MP11: '49',
  MP19: '59',
  MP20: '59',
  MP21: '59',
};

/** The payment means as an UNTDID 4461 code (BT-81, BR-CL-16): as read, or FatturaPA's twin. */
export const meansCode = (d: Document): string | undefined => {
  const code = d.payment.means_code;
  return code && /^MP\d\d$/.test(code) ? FATTURAPA_MEANS[code] : code;
};

/** The payment means written: as read, or 1 (not defined) for an account given without one. */
export const writtenMeans = (d: Document): string | undefined =>
  meansCode(d) ?? (d.payment.accounts.some((a) => a.iban || a.account) ? '1' : undefined);

/** A card payment (UNTDID 4461 48, 54, 55): the only payment means its group (BG-18) goes with. */
export const isCard = (d: Document): boolean => ['48', '54', '55'].includes(meansCode(d) ?? '');

/** A direct debit (UNTDID 4461 49, 59): the only payment means its group (BG-19) goes with. */
export const isDirectDebit = (d: Document): boolean => ['49', '59'].includes(meansCode(d) ?? '');

/**
 * The rate of a VAT category as written: as read, or 0 where the category's own rule says it is
 * 0 (BR-Z-5, BR-E-5, BR-AE-5, BR-IC-5, BR-G-5) and the invoice left it out.
 */
export const vatRate = (category: string | undefined, rate: string | undefined): string | undefined =>
  rate ?? (['Z', 'E', 'AE', 'K', 'G'].includes(category ?? '') ? '0' : undefined);

/**
 * A VAT category as written: as read, or S where the invoice gives a positive rate and no category
 * (ZUGFeRD 1.0, a FatturaPA line without a nature code): every positive rate is EN 16931's
 * standard-rate category, but for the Canary Islands' and Ceuta's and Melilla's (L, M) taxes,
 * so not for a Spanish seller.
 */
export function categoryOf(d: Document, e: { category?: string; rate?: string }): string | undefined {
  if (e.category) return e.category;
  return Number(e.rate) > 0 && d.seller.address?.country !== 'ES' ? 'S' : undefined;
}

/**
 * A VAT breakdown's rate as written: as read, or 0 where the category has no rate (BR-Z-5 and its
 * siblings, and a category not subject to VAT, O, whose breakdown XRechnung asks a rate of, BR-DE-14).
 */
export const breakdownRate = (category: string | undefined, rate: string | undefined): string | undefined =>
  rate ?? (category === 'O' ? '0' : vatRate(category, rate));

/**
 * A line's VAT category: as read (or S for its positive rate, `categoryOf`); else, where the
 * invoice has a single VAT category in its breakdown and no allowance or charge, that one (every
 * line belongs to a category of the breakdown, BR-CO-18); else the one category of the breakdown
 * at the line's rate.
 */
export function lineCategory(d: Document, l: Document['lines'][number]): string | undefined {
  const own = categoryOf(d, { category: l.vat_category, rate: l.vat_rate });
  if (own) return own;
  const only = onlyVat(d);
  if (only) return categoryOf(d, only);
  if (l.vat_rate === undefined) return undefined;
  const at = new Set(
    d.vat_breakdown
      .filter((v) => v.rate !== undefined && Number(v.rate) === Number(l.vat_rate))
      .map((v) => categoryOf(d, v)),
  );
  return at.size === 1 ? [...at][0] : undefined;
}

/** A document-level allowance's or charge's VAT category: as read, or S for its positive rate (`categoryOf`). */
export const chargeCategory = (d: Document, a: AllowanceCharge): string | undefined =>
  categoryOf(d, { category: a.vat_category, rate: a.vat_rate });

/**
 * BT-106..BT-108 as written: the invoice's own; where it gives none (FatturaPA has no such totals),
 * the sum of its lines (where allowances or charges stand between them and the total without VAT,
 * BR-CO-13) and of the allowances and of the charges kept (BR-CO-11/12), each checked against the
 * total without VAT before writing (`en16931Missing`); else the total without VAT as the line total.
 */
export function writtenSums(d: Document): { line_total?: string; allowances?: string; charges?: string } {
  const acs = d.allowances_charges ?? [];
  const sum = (amounts: Array<string | undefined>) =>
    (amounts.reduce((a, v) => a + Math.round(Number(v ?? 0) * 100), 0) / 100).toFixed(2);
  const of = (charge: boolean) => {
    const kept = acs.filter((a) => a.charge === charge);
    return kept.length ? sum(kept.map((a) => a.amount)) : undefined;
  };
  return {
    line_total:
      d.totals.line_total ??
      (acs.length && d.lines.length ? sum(d.lines.map((l) => l.net_amount)) : d.totals.net),
    allowances: d.totals.allowances ?? of(false),
    charges: d.totals.charges ?? of(true),
  };
}

/** A line's VAT rate: as read, or the single breakdown entry's when its category came from there. */
export function lineRate(d: Document, l: Document['lines'][number]): string | undefined {
  const category = lineCategory(d, l);
  if (l.vat_rate !== undefined || l.vat_category) return vatRate(category, l.vat_rate);
  return vatRate(category, onlyVat(d)?.rate);
}

function onlyVat(d: Document): Document['vat_breakdown'][number] | undefined {
  const only = d.vat_breakdown[0];
  return d.vat_breakdown.length === 1 && only && categoryOf(d, only) && !d.allowances_charges?.length
    ? only
    : undefined;
}

/**
 * Payment terms as written: German Skonto entries (`#SKONTO#TAGE=…#`) each on a line of their own
 * and ending with a line break, as BR-DE-18 requires; reading folds those breaks into spaces.
 */
export const paymentTermsText = (terms: string | undefined): string | undefined => {
  if (!terms?.includes('#SKONTO#')) return terms;
  const lines = terms.replace(/#[ \t]+(?=#SKONTO#)/g, '#\n');
  return lines.endsWith('#') ? `${lines}\n` : lines;
};
