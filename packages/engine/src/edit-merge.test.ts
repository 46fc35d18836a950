// Corrections merged from two places (the desktop app and the service): per field the later
// instant wins, whatever the ISO form of the times; the same edits twice change nothing; a typed
// correction is stamped after the edit the person saw.
import { describe, expect, it } from 'vitest';
import { canonicalEditTime, editInstant, editTimeAfter, mergeFieldEdits } from './edit.js';

describe('mergeFieldEdits', () => {
  it('compares times as instants, not as text', () => {
    const halfPast = { value: 'HALF-PAST', at: '2026-03-01T10:00:00.500Z' };
    // Half a second earlier, without milliseconds: sorts after '…00.500Z' as text.
    expect(mergeFieldEdits({ k: halfPast }, { k: { value: 'NO-MS', at: '2026-03-01T10:00:00Z' } })).toEqual({
      merged: { k: halfPast },
      changed: false,
    });
    // Half an hour later, with an offset: kept in one form.
    const later = mergeFieldEdits(
      { k: halfPast },
      { k: { value: 'LATER', at: '2026-03-01T11:30:00+01:00' } },
    );
    expect(later).toEqual({
      merged: { k: { value: 'LATER', at: '2026-03-01T10:30:00.000Z' } },
      changed: true,
    });
    // A time that is no instant counts as the oldest.
    expect(mergeFieldEdits({ k: halfPast }, { k: { value: 'X', at: 'yesterday' } }).changed).toBe(false);
  });

  it('keeps the same one of two edits made at the same instant, in either order', () => {
    const a = { value: 'A', at: '2026-03-01T10:00:00Z' };
    const b = { value: 'B', at: '2026-03-01T10:00:00.000Z' };
    expect(mergeFieldEdits({ k: a }, { k: b }).merged.k!.value).toBe('B');
    expect(mergeFieldEdits({ k: b }, { k: a })).toMatchObject({
      merged: { k: { value: 'B' } },
      changed: false,
    });
    // The same edit in another form changes nothing.
    expect(mergeFieldEdits({ k: b }, { k: { value: 'B', at: '2026-03-01T11:00:00+01:00' } }).changed).toBe(
      false,
    );
  });
});

describe('edit times', () => {
  it('reads ISO times with their zone, in one form', () => {
    expect(editInstant('2026-03-01T11:00:00+01:00')).toBe(Date.parse('2026-03-01T10:00:00Z'));
    expect(editInstant('2026-03-01')).toBe(Number.NEGATIVE_INFINITY);
    expect(canonicalEditTime('2026-03-01T10:00:00Z')).toBe('2026-03-01T10:00:00.000Z');
  });

  it('stamps a correction now, or just after the edit it replaces when that one is later', () => {
    const now = Date.parse('2026-03-01T10:00:00Z');
    expect(editTimeAfter(undefined, now)).toBe('2026-03-01T10:00:00.000Z');
    expect(editTimeAfter({ value: 'A', at: '2026-03-01T09:00:00Z' }, now)).toBe('2026-03-01T10:00:00.000Z');
    expect(editTimeAfter({ value: 'A', at: '2099-01-01T00:00:00Z' }, now)).toBe('2099-01-01T00:00:00.001Z');
  });
});
