// Writes a value into a Document (or any plain object) by dotted path; numeric steps index
// arrays (`payment.accounts.0.iban`). Readers use it with the same paths provenance is keyed by.

export function setPath(target: object, path: string, value: unknown): void {
  const steps = path.split('.');
  let cur = target as Record<string, unknown>;
  for (let i = 0; i < steps.length - 1; i++) {
    const step = steps[i]!;
    if (cur[step] == null) cur[step] = /^\d+$/.test(steps[i + 1]!) ? [] : {};
    cur = cur[step] as Record<string, unknown>;
  }
  cur[steps[steps.length - 1]!] = value;
}
