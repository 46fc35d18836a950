// The logger: one JSON line per event at or above the level, in the shape the scripts read
// (`"msg":"listening","url":…`), and fields that name a secret redacted at any depth up to two.
import { describe, expect, it } from 'vitest';
import { createLogger } from './log.js';

function capture(level: Parameters<typeof createLogger>[0]) {
  const lines: string[] = [];
  return { lines, log: createLogger(level, (l) => lines.push(l)) };
}

describe('logger', () => {
  it('writes one JSON line per event at or above its level', () => {
    const { lines, log } = capture('info');
    log.debug('hidden');
    log.info('listening', { url: 'http://127.0.0.1:1' });
    log.error('failed', { job: 7 });
    expect(lines).toHaveLength(2);
    expect(lines.every((l) => l.endsWith('\n') && l.indexOf('\n') === l.length - 1)).toBe(true);
    expect(lines[0]).toMatch(/"msg":"listening","url":"http:\/\/127\.0\.0\.1:1"/);
    const first = JSON.parse(lines[0]!);
    expect(first).toMatchObject({ level: 'info', msg: 'listening', url: 'http://127.0.0.1:1' });
    expect(new Date(first.time).toISOString()).toBe(first.time);
    expect(JSON.parse(lines[1]!)).toMatchObject({ level: 'error', msg: 'failed', job: 7 });
    const silent = capture('silent');
    silent.log.error('nothing');
    expect(silent.lines).toHaveLength(0);
  });

  it('redacts fields that name a secret, at the top and nested', () => {
    const { lines, log } = capture('debug');
    const secrets = [
      'Bearer s3cr3t-1',
      'sid=s3cr3t-2',
      's3cr3t-3',
      's3cr3t-4',
      's3cr3t-5',
      's3cr3t-6',
      's3cr3t-7',
    ];
    log.debug('request', {
      authorization: secrets[0],
      headers: { cookie: secrets[1], 'x-api-key': secrets[2], 'set-cookie': secrets[3] },
      token: secrets[4],
      config: { cloudPayments: { apiSecret: secrets[5] }, secret: secrets[6] },
      path: '/v1/parse',
    });
    const line = lines.join('');
    for (const s of secrets) expect(line).not.toContain(s);
    expect(JSON.parse(line)).toMatchObject({
      authorization: '[redacted]',
      headers: { cookie: '[redacted]', 'x-api-key': '[redacted]' },
      config: { cloudPayments: { apiSecret: '[redacted]' } },
      path: '/v1/parse',
    });
  });
});
