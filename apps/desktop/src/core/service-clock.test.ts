import { describe, expect, it } from 'vitest';
import { clockSample, moreCertain } from './service-clock.js';

describe("the service's clock", () => {
  const sent = Date.parse('2026-03-01T09:49:59.900Z');

  it("measures the clock's offset from the Date header of an answer", () => {
    // The service said 10:00:00 (to the second) between 09:49:59.900 and 09:50:00.100 here.
    expect(clockSample({ date: 'Sun, 01 Mar 2026 10:00:00 GMT' }, sent, sent + 200)).toEqual({
      offsetMs: 10 * 60_000 + 500,
      errorMs: 600,
      from: 'date',
    });
    expect(clockSample({ date: null }, sent, sent)).toBeNull();
    expect(clockSample({ date: 'yesterday' }, sent, sent)).toBeNull();
  });

  it('prefers the time the service states in its answer, without the rounding of the header', () => {
    // 10:00:00.123 stated between 09:49:59.900 and 09:50:00.100; the Date header (a proxy's) differs.
    const answer = { serviceTime: '2026-03-01T10:00:00.123Z', date: 'Sun, 01 Mar 2026 10:10:00 GMT' };
    expect(clockSample(answer, sent, sent + 200)).toEqual({
      offsetMs: 10 * 60_000 + 123,
      errorMs: 100,
      from: 'service_time',
    });
    // A stated time that is not one falls back to the header; neither: no sample.
    for (const serviceTime of [undefined, null, 42, '', 'soon', '1'])
      expect(clockSample({ serviceTime, date: answer.date }, sent, sent + 200)?.from).toBe('date');
    expect(clockSample({ serviceTime: 'soon', date: null }, sent, sent)).toBeNull();
  });

  it('keeps a stated time over any Date header, then the smaller error', () => {
    const stated = { offsetMs: 0, errorMs: 900, from: 'service_time' as const };
    const header = { offsetMs: 600_000, errorMs: 501, from: 'date' as const };
    expect(moreCertain(stated, null)).toBe(true);
    expect(moreCertain(header, stated)).toBe(false);
    expect(moreCertain(stated, header)).toBe(true);
    expect(moreCertain({ ...stated, errorMs: 5 }, stated)).toBe(true);
    expect(moreCertain(stated, { ...stated, errorMs: 5 })).toBe(false);
    expect(moreCertain(header, { ...header, errorMs: 700 })).toBe(true);
  });
});
