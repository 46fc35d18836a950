// Reads and writes a value of a Document (or any plain object) by dotted path; numeric steps
// index arrays (`payment.accounts.0.iban`). Readers use the same paths provenance is keyed by.

/** The string at `path`, or undefined when the path leads nowhere or to something else. */
export function getPath(target: object, path: string): string | undefined {
  let cur: unknown = target;
  for (const step of path.split('.')) {
    if (cur == null || typeof cur !== 'object') return undefined;
    cur = (cur as Record<string, unknown>)[step];
  }
  return typeof cur === 'string' ? cur : undefined;
}

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
