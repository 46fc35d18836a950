import { describe, expect, it } from 'vitest';
import { clockSample } from './service-clock.js';

describe("the service's clock", () => {
  it("measures the clock's offset from the Date header of an answer", () => {
    const sent = Date.parse('2026-03-01T09:49:59.900Z');
    // The service said 10:00:00 (to the second) between 09:49:59.900 and 09:50:00.100 here.
    expect(clockSample('Sun, 01 Mar 2026 10:00:00 GMT', sent, sent + 200)).toEqual({
      offsetMs: 10 * 60_000 + 500,
      errorMs: 600,
    });
    expect(clockSample(null, sent, sent)).toBeNull();
    expect(clockSample('yesterday', sent, sent)).toBeNull();
  });
});
