import { describe, expect, it } from 'vitest';
import { DataError } from './data.js';
import { formatAmount, formatDate, formatFieldValue } from './format.js';
import { percent, uploadErrorKey } from './upload-errors.js';

describe('formatting in the person’s locale', () => {
  it('writes amounts with the locale’s separators and the currency', () => {
    expect(formatAmount('1234.50', 'EUR', 'de')).toMatch(/^1\.234,50\s€$/);
    expect(formatAmount('1234.50', 'EUR', 'en')).toBe('€1,234.50');
    expect(formatAmount('not a number', 'EUR', 'de')).toBe('not a number');
    expect(formatAmount('5.00', 'XXZ1', 'en')).toBe('5.00 XXZ1');
  });

  it('writes dates without shifting the day', () => {
    expect(formatDate('2026-01-31', 'de')).toBe('31.01.2026');
    expect(formatDate('2026-01-31', 'en')).toBe('Jan 31, 2026');
    expect(formatDate('31/01/2026', 'de')).toBe('31/01/2026');
    expect(formatFieldValue('due_date', '2026-01-31', 'EUR', 'de')).toBe('31.01.2026');
    expect(formatFieldValue('seller_iban', 'DE89', 'EUR', 'de')).toBe('DE89');
  });
});

describe('upload errors', () => {
  it('names each refusal in words', () => {
    expect(uploadErrorKey(new DataError(402, 'plan_required'))).toBe('upload.error.plan_required');
    expect(uploadErrorKey(new DataError(413, 'http_413'))).toBe('upload.error.file_too_large');
    expect(uploadErrorKey(new DataError(400, 'unsupported_file_type'))).toBe(
      'upload.error.unsupported_file_type',
    );
    expect(uploadErrorKey(new DataError(500, 'internal_error'))).toBe('upload.error.unknown');
    expect(uploadErrorKey(new Error('x'))).toBe('upload.error.unknown');
  });

  it('gives a share of the upload, never NaN', () => {
    expect(percent(50, 200)).toBe(25);
    expect(percent(5, 0)).toBe(0);
    expect(percent(300, 200)).toBe(100);
  });
});
