// The shape of one check's outcome, as reported in a result's `checks`: what was checked, with
// which inputs, whether it held, and which Document paths a failure puts in doubt.

export interface Check {
  id: string;
  outcome: 'pass' | 'fail';
  /** The flag a failure puts on the fields it touches (decisions.md §3): `sum_mismatch`, ... */
  flag?: string;
  /** Document paths (dotted) whose values this check vouches for or puts in doubt. */
  paths: string[];
  inputs: Record<string, string>;
  message?: string;
}
