import { describe, expect, it } from 'vitest';
import { checkDates, isIsoDate } from './dates.js';

describe('isIsoDate', () => {
  it('accepts real calendar dates', () => {
    expect(isIsoDate('2024-01-31')).toBe(true);
    expect(isIsoDate('2024-02-29')).toBe(true); // leap year
    expect(isIsoDate('2000-02-29')).toBe(true); // divisible by 400: leap
    expect(isIsoDate('2023-12-31')).toBe(true);
    expect(isIsoDate('1990-01-01')).toBe(true);
  });

  it('rejects dates that do not exist', () => {
    expect(isIsoDate('2023-02-29')).toBe(false);
    expect(isIsoDate('1900-02-29')).toBe(false); // divisible by 100 only: not leap
    expect(isIsoDate('2024-04-31')).toBe(false);
    expect(isIsoDate('2024-13-01')).toBe(false);
    expect(isIsoDate('2024-00-10')).toBe(false);
    expect(isIsoDate('2024-01-00')).toBe(false);
    expect(isIsoDate('2024-01-32')).toBe(false);
  });

  it('rejects other notations', () => {
    expect(isIsoDate('2024-1-05')).toBe(false);
    expect(isIsoDate('05.01.2024')).toBe(false);
    expect(isIsoDate('2024/01/05')).toBe(false);
    expect(isIsoDate('2024-01-05T00:00:00Z')).toBe(false);
    expect(isIsoDate(' 2024-01-05')).toBe(false);
    expect(isIsoDate('')).toBe(false);
  });
});

describe('checkDates', () => {
  const today = '2025-06-15';

  it('accepts a normal invoice and missing dates', () => {
    expect(checkDates({ issueDate: '2025-06-01', dueDate: '2025-07-01', today })).toEqual({ ok: true });
    expect(checkDates({ issueDate: '2025-06-01', dueDate: '2025-06-01', today })).toEqual({ ok: true });
    expect(checkDates({ issueDate: '2025-06-01', today })).toEqual({ ok: true });
    expect(checkDates({ dueDate: '1980-01-01', today })).toEqual({ ok: true });
    expect(checkDates({ today })).toEqual({ ok: true });
  });

  it('flags a due date before the issue date', () => {
    expect(checkDates({ issueDate: '2025-06-01', dueDate: '2025-05-31', today })).toEqual({
      ok: false,
      reason: 'due_before_issue',
    });
  });

  it('accepts issue dates from 1990-01-01 up to one year after today', () => {
    expect(checkDates({ issueDate: '1990-01-01', today }).ok).toBe(true);
    expect(checkDates({ issueDate: '2026-06-15', today }).ok).toBe(true);
  });

  it('flags issue dates outside that window', () => {
    expect(checkDates({ issueDate: '1989-12-31', today })).toEqual({
      ok: false,
      reason: 'issue_implausible',
    });
    expect(checkDates({ issueDate: '2026-06-16', today })).toEqual({
      ok: false,
      reason: 'issue_implausible',
    });
    // A two-digit-year misread such as 2052 instead of 2025.
    expect(checkDates({ issueDate: '2052-06-01', today }).reason).toBe('issue_implausible');
  });

  it('handles today = 29 February (one year later has no 29 February)', () => {
    expect(checkDates({ issueDate: '2025-02-28', today: '2024-02-29' }).ok).toBe(true);
    expect(checkDates({ issueDate: '2025-03-01', today: '2024-02-29' }).reason).toBe('issue_implausible');
  });

  it('flags invalid dates before anything else', () => {
    expect(checkDates({ issueDate: '2025-02-30', today })).toEqual({ ok: false, reason: 'invalid_date' });
    expect(checkDates({ issueDate: '2025-06-01', dueDate: '01.07.2025', today })).toEqual({
      ok: false,
      reason: 'invalid_date',
    });
    expect(checkDates({ issueDate: '2025-06-01', today: 'yesterday' }).reason).toBe('invalid_date');
  });

  it('defaults today to the current date', () => {
    const now = new Date().toISOString().slice(0, 10);
    expect(checkDates({ issueDate: now }).ok).toBe(true);
    expect(checkDates({ issueDate: '2999-01-01' }).reason).toBe('issue_implausible');
  });
});
