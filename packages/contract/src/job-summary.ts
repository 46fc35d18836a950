// The invoice list's compact line of a read job (seller, number, date, total, how many fields need
// a look), from its `fields` and `fields_detailed`: one rule for the server's list and the desktop
// app's local store. Free of zod, so a browser bundle can import it (`@invoice-reader/contract/job-summary`).

export interface SummaryFields {
  seller: string;
  invoice_no: string;
  invoice_date: string;
  gross_amount: string;
  currency: string;
  flagged: number;
  unconfirmed: number;
}

export function summaryFields(
  fields: Record<string, string | undefined>,
  detailed: ReadonlyArray<{ status?: string }>,
): SummaryFields {
  const count = (status: string) => detailed.filter((d) => d.status === status).length;
  return {
    seller: fields.seller_name ?? fields.vendor_name ?? '',
    invoice_no: fields.invoice_no ?? fields.invoice_number ?? '',
    invoice_date: fields.invoice_date ?? '',
    gross_amount: fields.gross_amount ?? '',
    currency: fields.currency ?? '',
    flagged: count('flagged'),
    unconfirmed: count('unconfirmed'),
  };
}
