// An upload's refusal in words: the server's status and code mapped to an i18n key, so each file
// in the drop zone says plainly why it was not read (no plan left, too large, not an invoice type).
import { DataError } from './data.js';

export const ACCEPTED_TYPES =
  '.pdf,.png,.jpg,.jpeg,.xml,.p7m,application/pdf,image/png,image/jpeg,text/xml,application/xml';

/** The refusal that asks for a plan (402): the screen links to the plans beside it. */
export const PLAN_REQUIRED = 'upload.error.plan_required';

const BY_CODE: Record<string, string> = {
  plan_required: PLAN_REQUIRED,
  file_too_large: 'upload.error.file_too_large',
  unsupported_file_type: 'upload.error.unsupported_file_type',
  empty_file: 'upload.error.empty_file',
  too_many_pages: 'upload.error.too_many_pages',
  not_authenticated: 'upload.error.not_authenticated',
  network_error: 'upload.error.network_error',
  busy: 'upload.error.busy',
};

export function uploadErrorKey(err: unknown): string {
  if (!(err instanceof DataError)) return 'upload.error.unknown';
  if (err.status === 402) return BY_CODE.plan_required!;
  if (err.status === 413) return BY_CODE.file_too_large!;
  return BY_CODE[err.code] ?? (err.status === 401 ? BY_CODE.not_authenticated! : 'upload.error.unknown');
}

/** A 0..100 share of an upload, never NaN. */
export function percent(loaded: number, total: number): number {
  if (!(total > 0)) return 0;
  return Math.min(100, Math.round((loaded / total) * 100));
}
