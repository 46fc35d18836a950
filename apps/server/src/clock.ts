// The service's clock. Billing periods, expiries and payment links read the time from here, so
// tests move it forward (a month, a grace period) instead of waiting.
export class Clock {
  private offsetMs = 0;

  now(): Date {
    return new Date(Date.now() + this.offsetMs);
  }

  /** Moves this clock (never the system's) forward. */
  advance(ms: number): void {
    this.offsetMs += ms;
  }
}
