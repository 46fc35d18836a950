// The one error type readers throw for a file they cannot read. `readInvoice` turns it into a
// `failed` result with the code; anything else thrown becomes `internal_error`.

export const ERROR_CODES = [
  'empty_file',
  'unreadable_file',
  'unsupported_file_type',
  'unsupported_country',
  'invalid_option',
  'file_too_large',
  'too_many_pages',
  'malformed_xml',
  'unsafe_xml',
  'not_an_invoice',
  'unsupported_syntax',
  'missing_required_data',
  'malformed_pdf',
  'image_too_large',
  'malformed_image',
  'encrypted_pdf',
  'malformed_signature',
  'no_embedded_invoice',
  'no_qr_code',
  'invalid_payment_qr',
  'no_text_layer',
  'mode_not_applicable',
  'timeout',
  'model_missing',
  'internal_error',
] as const;

export type ErrorCode = (typeof ERROR_CODES)[number];

export class ReadError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'ReadError';
  }
}
