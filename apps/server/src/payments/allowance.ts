// What a plan gives the web application: its scanned parses for the period, counted afresh when
// a period is paid (web-parse/allowance.ts holds and gives back single parses).
import { type Db, setWebAllowance } from '@invoice-reader/db';
import type { Plan } from './plans.js';

export async function setPlanAllowance(db: Db, accountId: number, plan: Plan): Promise<void> {
  await setWebAllowance(db, accountId, plan.parses);
}
