// The CI gate on `npm audit`: a high or critical advisory fails it, lower ones pass, and a report
// npm could not get (the advisory endpoint unreachable) is "not checked", never a pass.
import { describe, expect, it } from 'vitest';
import { auditVerdict } from './audit-deps.mjs';

const counts = (high: number, critical: number) => ({
  vulnerabilities: { info: 0, low: 1, moderate: 2, high, critical, total: 3 + high + critical },
});

describe('audit:deps', () => {
  it('fails on a high or critical advisory and names the package', () => {
    const report = {
      auditReportVersion: 2,
      vulnerabilities: {
        'left-pad': { name: 'left-pad', severity: 'high' },
        ms: { name: 'ms', severity: 'low' },
      },
      metadata: counts(1, 0),
    };
    expect(auditVerdict(report)).toMatchObject({ verdict: 'fail', blocking: ['left-pad (high)'] });
    expect(auditVerdict({ ...report, metadata: counts(0, 1) }).verdict).toBe('fail');
  });

  it('passes with only low and moderate advisories', () => {
    const report = {
      auditReportVersion: 2,
      vulnerabilities: { ms: { name: 'ms', severity: 'moderate' } },
      metadata: counts(0, 0),
    };
    expect(auditVerdict(report)).toMatchObject({ verdict: 'pass', blocking: [] });
  });

  it('reports an unreachable advisory endpoint as not checked', () => {
    const report = {
      message: '405 Method Not Allowed - POST https://registry.npmjs.org/-/npm/v1/security/advisories/bulk',
      statusCode: 405,
    };
    expect(auditVerdict(report)).toMatchObject({
      verdict: 'unchecked',
      reason: expect.stringContaining('405'),
    });
    expect(auditVerdict({}).verdict).toBe('unchecked');
  });
});
