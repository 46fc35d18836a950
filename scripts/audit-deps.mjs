#!/usr/bin/env node
// `npm run audit:deps`: `npm audit` of the whole installed tree, failing on a high or critical
// advisory. CI runs it; where the registry's advisory endpoint cannot be reached (this machine's
// mirror answers 405) it says so and exits 3, so CI reports the check as not run, never as passed.
import { spawnSync } from 'node:child_process';
import { pathToFileURL } from 'node:url';
import { repoRoot } from './corpus.mjs';

/** Severities that fail the audit. */
const BLOCKING = ['high', 'critical'];

/**
 * What an `npm audit --json` report means for CI: `fail` with the packages at a blocking severity,
 * `pass` with the counts, or `unchecked` when npm could not get the advisories at all.
 * @param {any} report
 * @returns {{ verdict: 'pass' | 'fail' | 'unchecked', counts?: Record<string, number>, blocking?: string[], reason?: string }}
 */
export function auditVerdict(report) {
  const counts = report?.metadata?.vulnerabilities;
  if (!counts) {
    const reason = report?.message || report?.error?.summary || 'npm audit gave no report';
    return { verdict: 'unchecked', reason };
  }
  const blocking = Object.entries(report.vulnerabilities ?? {})
    .filter(([, v]) => BLOCKING.includes(v?.severity))
    .map(([name, v]) => `${name} (${v.severity})`);
  const total = BLOCKING.reduce((n, s) => n + (counts[s] ?? 0), 0);
  return { verdict: total > 0 || blocking.length ? 'fail' : 'pass', counts, blocking };
}

function main() {
  const npm = spawnSync('npm', ['audit', '--json'], { cwd: repoRoot, encoding: 'utf8', timeout: 120_000 });
  let report;
  try {
    report = JSON.parse(npm.stdout);
  } catch {
    report = { message: (npm.stderr || 'npm audit printed no JSON').trim().split('\n').pop() };
  }
  const v = auditVerdict(report);
  if (v.verdict === 'unchecked') {
    console.log(`audit:deps: not checked: ${v.reason}`);
    process.exit(3);
  }
  const c = v.counts;
  console.log(
    `audit:deps: ${c.critical ?? 0} critical, ${c.high ?? 0} high, ${c.moderate ?? 0} moderate, ${c.low ?? 0} low`,
  );
  if (v.verdict === 'fail') {
    console.log(`audit:deps: blocking: ${v.blocking.join(', ')}`);
    process.exit(1);
  }
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) main();
