// Types for scripts/audit-deps.mjs (its test is TypeScript).
export function auditVerdict(report: unknown): {
  verdict: 'pass' | 'fail' | 'unchecked';
  counts?: Record<string, number>;
  blocking?: string[];
  reason?: string;
};
