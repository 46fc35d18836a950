// The service's time as its answers state it (`service_time`): the desktop app measures its clock
// by it (on the sync routes and the sign-in answer), since a proxy in front may answer its own
// `Date` header.

/**
 * Now, as the answer is made: the system's clock, the one every correction is stamped with here
 * (`PATCH …/fields`, `edited_at`), not the billing `Clock` a test may move.
 */
export function serviceTime(): string {
  return new Date().toISOString();
}
