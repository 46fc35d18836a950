// What a plan gives the web application: its scanned parses for the period, counted afresh when
// a period is paid (web-parse/allowance.ts holds and gives back single parses).
import { type Db, setWebAllowance } from '@invoice-reader/db';
import type { Plan } from './plans.js';

export function setPlanAllowance(db: Db, accountId: number, plan: Plan): void {
  setWebAllowance(db, accountId, plan.parses);
}
