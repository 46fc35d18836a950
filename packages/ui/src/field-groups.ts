// The review screen shows the fields in the groups a bookkeeper checks them by: the document,
// the seller, the buyer, the amounts, the payment. Unknown keys go last, so nothing is hidden.
import type { FieldDetail } from './data.js';

export const FIELD_GROUPS = ['document', 'seller', 'buyer', 'amounts', 'payment', 'other'] as const;
export type FieldGroup = (typeof FIELD_GROUPS)[number];

const PAYMENT = new Set([
  'due_date',
  'seller_iban',
  'seller_bic',
  'seller_account',
  'seller_bik',
  'payment_means',
]);
const AMOUNTS = new Set(['net_amount', 'vat_amount', 'gross_amount', 'lines', 'vat_breakdown']);
const DOCUMENT = new Set(['invoice_no', 'invoice_number', 'invoice_date', 'currency']);

export function fieldGroup(key: string): FieldGroup {
  if (DOCUMENT.has(key)) return 'document';
  if (PAYMENT.has(key)) return 'payment';
  if (AMOUNTS.has(key)) return 'amounts';
  if (key === 'vendor_name' || key.startsWith('seller_')) return 'seller';
  if (key.startsWith('buyer_')) return 'buyer';
  return 'other';
}

/**
 * The fields in group order, each group keeping the service's order. The review's keyboard flow
 * (Tab, and Enter to the next field to check) follows this order, the order they are shown in.
 */
export function groupedFields<F extends Pick<FieldDetail, 'key'>>(fields: readonly F[]): F[] {
  const rank = (f: F) => FIELD_GROUPS.indexOf(fieldGroup(f.key));
  return fields
    .map((f, i) => ({ f, i }))
    .sort((a, b) => rank(a.f) - rank(b.f) || a.i - b.i)
    .map(({ f }) => f);
}
