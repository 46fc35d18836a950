// What the payments service and each of its parts (plan-state, links, notifications,
// provider-checks) are given. Kept apart from service.ts, which builds the parts, so that the
// parts need not import the module that imports them.
import type { Db } from '@invoice-reader/db';
import type { Clock } from '../clock.js';
import type { Logger } from '../log.js';
import type { PaymentProvider } from './provider.js';

export interface PaymentsDeps {
  db: Db;
  provider: PaymentProvider;
  clock: Clock;
  log: Logger;
  publicUrl: string;
}
