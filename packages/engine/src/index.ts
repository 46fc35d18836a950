// Public entry of the engine: read an invoice, and the tables hosts need to describe the result.

export type { Check } from './check/check.js';
export type {
  Address,
  AllowanceCharge,
  Document,
  DocumentType,
  LineItem,
  Party,
  Payment,
  Provenance,
  Totals,
} from './document.js';
export {
  applyFieldEdits,
  canonicalEditTime,
  checkDocumentTerm,
  checkFieldValue,
  type EditedRead,
  editInstant,
  editTimeAfter,
  type FieldEditError,
  mergeFieldEdits,
  type TimedEdits,
} from './edit.js';
export {
  DOCUMENT_TERMS,
  type DocumentTerm,
  isDocumentTerm,
  PAYMENT_MEANS,
  parseElectronicAddress,
  type TermKind,
} from './edit-terms.js';
export { type ErrorCode, ReadError } from './errors.js';
export { estimateRead, QR_SEARCH_MS } from './estimate.js';
export { unitCodeOf } from './extract/lines/units.js';
export {
  DEFAULT_PAGE_WIDTH,
  MAX_PAGE_WIDTH,
  type PagePng,
  type PagePngOptions,
  renderPagePng,
} from './page-image.js';
export { confirmedDocument } from './project/confirmed-document.js';
export { COUNTRIES, type Country, countryOf } from './project/countries.js';
export type { FieldDetail, FieldStatus } from './project/field-sets.js';
export { FIELD_SETS, fieldsFor } from './project/field-sets.js';
export { type ReadOptions, readInvoice } from './read-invoice.js';
export type { Estimate, Mode, ReadResult, RequestedMode, SignatureInfo } from './result.js';
export { MODES } from './result.js';
export { lowerHelperThreadPriority } from './workers/priority.js';
export { shutdownWorkers } from './workers/shutdown.js';
