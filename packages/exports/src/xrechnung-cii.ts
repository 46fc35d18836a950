// XRechnung 3.0 in UN/CEFACT CII (D16B), written from the canonical document of a read invoice:
// the EN 16931 core (cii.ts) plus the German CIUS's required values (buyer reference BT-10, seller
// contact BT-41..43, electronic addresses BT-34/BT-49, payment means). A required value the
// invoice lacks makes the export fail with the list of what is missing: nothing is made up.
import { ciiXml, en16931Missing, meansCode, missingOf, withCoreLines } from './cii.js';
import { type ExportFile, type ExportJob, ExportRefused, fileStem, type Refusal } from './input.js';

export const XRECHNUNG_CII_ID = 'urn:cen.eu:en16931:2017#compliant#urn:xeinkauf.de:kosit:xrechnung_3.0';
const PEPPOL_BILLING = 'urn:fdc:peppol.eu:2017:poacc:billing:01:1.0';

/** What XRechnung requires and the document lacks, as refusals naming the business term. */
export function xrechnungMissing(job: ExportJob): Refusal[] {
  const d = job.document;
  return [
    ...en16931Missing(job),
    ...missingOf(job, [
      [
        d.references.buyer_reference,
        'buyer_reference',
        'BT-10 buyer reference (Leitweg-ID) is required by XRechnung',
        'buyer_reference',
      ],
      [d.seller.address?.city, 'seller_address', 'BT-37 seller city (BR-DE-3)', 'seller_city'],
      [d.seller.address?.postcode, 'seller_address', 'BT-38 seller post code (BR-DE-4)', 'seller_postcode'],
      [
        d.seller.contact?.name,
        'seller_contact',
        'BT-41 seller contact point (BR-DE-2)',
        'seller_contact_name',
      ],
      [
        d.seller.contact?.phone,
        'seller_contact',
        'BT-42 seller contact telephone (BR-DE-6)',
        'seller_contact_phone',
      ],
      [
        d.seller.contact?.email,
        'seller_contact',
        'BT-43 seller contact e-mail (BR-DE-7)',
        'seller_contact_email',
      ],
      [
        d.seller.electronic_address?.value,
        'seller_electronic_address',
        'BT-34 seller electronic address',
        'seller_electronic_address',
      ],
      [d.buyer.address?.city, 'buyer_address', 'BT-52 buyer city (BR-DE-8)', 'buyer_city'],
      [d.buyer.address?.postcode, 'buyer_address', 'BT-53 buyer post code (BR-DE-9)', 'buyer_postcode'],
      [
        d.buyer.electronic_address?.value,
        'buyer_electronic_address',
        'BT-49 buyer electronic address',
        'buyer_electronic_address',
      ],
      [meansCode(d), 'payment_means', 'BT-81 payment means (BR-DE-1)', 'payment_means'],
    ]),
    ...paymentMeansMissing(job),
    // BR-DE-10/11: a deliver-to address names its city and post code.
    ...(d.delivery?.address
      ? missingOf(job, [
          [d.delivery.address.city, 'delivery', 'BT-77 deliver-to city (BR-DE-10)', 'delivery_city'],
          [
            d.delivery.address.postcode,
            'delivery',
            'BT-78 deliver-to post code (BR-DE-11)',
            'delivery_postcode',
          ],
        ])
      : []),
  ];
}

/**
 * XRechnung asks each kind of payment means for its group (BR-DE-23..25, 31): a transfer for the
 * payee's account, a card for the card's number, a direct debit for the creditor identifier and
 * the debited account.
 */
function paymentMeansMissing(job: ExportJob): Refusal[] {
  const p = job.document.payment;
  const means = meansCode(job.document) ?? '';
  const out: string[] = [];
  const refusals: Refusal[] = [];
  if (['30', '58'].includes(means) && !p.accounts.some((a) => a.iban || a.account))
    refusals.push({
      job_id: job.jobId,
      field: 'payment_means',
      message: 'BG-17 the account to transfer to (BR-DE-23): not on the invoice',
      ...('seller_iban' in job.fields ? { input: 'seller_iban' } : {}),
    });
  if (['48', '54', '55'].includes(means) && !p.card?.number)
    out.push('BT-87 the card number of a card payment (BR-DE-24): not on the invoice');
  // A direct debit's group (BG-19) is written only with a direct debit's code (isDirectDebit).
  const debit = means === '59' || means === '49';
  if (debit && !p.creditor_id)
    refusals.push({
      job_id: job.jobId,
      field: 'payment_means',
      message:
        'BT-90 bank-assigned creditor identifier of a direct debit (BR-DE-25/BR-DE-30): not on the invoice',
      input: 'creditor_id',
    });
  if (debit && !p.debtor_iban)
    out.push('BT-91 the debited account of a direct debit (BR-DE-31): not on the invoice');
  return [...refusals, ...out.map((message) => ({ job_id: job.jobId, field: 'payment_means', message }))];
}

export function writeXrechnungCii(read: ExportJob): ExportFile {
  const job = withCoreLines(read);
  const missing = xrechnungMissing(job);
  if (missing.length) throw new ExportRefused(missing);
  const xml = ciiXml(job, { guideline: XRECHNUNG_CII_ID, businessProcess: PEPPOL_BILLING });
  return {
    filename: `xrechnung-${fileStem(job)}.xml`,
    contentType: 'application/xml; charset=utf-8',
    bytes: Buffer.from(xml, 'utf8'),
  };
}
