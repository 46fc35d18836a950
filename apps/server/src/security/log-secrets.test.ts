// What the service writes to its log at the most talkative level holds no secret and no invoice:
// a whole session (sign-in over SMTP, a key, a read, a correction, a payment) runs with debug
// logs captured, then the log is searched for every secret and for the invoice's own words.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  call,
  corpusFile,
  form,
  haveCorpus,
  SAMPLE_XML,
  startTestServer,
  type TestServer,
  waitForJob,
} from '../test-support/server.js';
import { linkIn, startTestSmtp, type TestSmtp } from '../test-support/smtp.js';

const lines: string[] = [];
let smtp: TestSmtp;
let s: TestServer;

beforeAll(async () => {
  smtp = await startTestSmtp();
  s = await startTestServer({ SMTP_URL: smtp.url, LOG_LEVEL: 'debug' }, (l) => lines.push(l));
});
afterAll(async () => {
  await s.stop();
  await smtp.close();
});

describe.skipIf(!haveCorpus)('logs', () => {
  it('hold no token, key, cookie, PIN or invoice content after a whole session', async () => {
    await call(s.url, '/api/v1/auth/start', { json: { email: 'logs@example.com' } });
    const link = linkIn(await smtp.next('logs@example.com'));
    const linkToken = link.searchParams.get('token')!;
    await fetch(link);
    const signed = await call(s.url, '/api/v1/auth/verify', { json: { token: linkToken } });
    const session: string = signed.body.token;
    const cookie = (signed.headers.get('set-cookie') ?? '').split(';')[0]!;
    await call(s.url, '/api/v1/auth/pin/set', { bearer: session, json: { pin: '918273' } });
    const made = await call(s.url, '/api/v1/api/keys', { bearer: session, json: { label: 'logs' } });
    const key: string = made.body.key;
    const sub = await call(s.url, '/v1/parse', { key, body: form(corpusFile(SAMPLE_XML)) });
    const job = await waitForJob(s.url, key, sub.body.job_id);
    expect(job.status).toBe('done');
    await call(s.url, `/api/v1/parse/${sub.body.job_id}/fields`, {
      bearer: session,
      method: 'PATCH',
      json: { buyer_name: 'Confidential Buyer GmbH' },
    });
    const checkout = await call(s.url, '/api/v1/payments/checkout', {
      bearer: session,
      json: { plan_code: 's' },
    });
    expect(checkout.status).toBe(200);

    const log = lines.join('');
    expect(lines.length).toBeGreaterThan(10);
    for (const secret of [linkToken, session, cookie, key, made.body.callback_secret, '918273', s.secret])
      expect(log.includes(secret), `a secret (${secret.slice(0, 6)}…) is in the log`).toBe(false);
    for (const content of [
      'LE FOURNISSEUR',
      'F20260023',
      'Confidential Buyer GmbH',
      'FR2012542547256985425874698',
    ])
      expect(log.includes(content), `invoice content "${content}" is in the log`).toBe(false);
  });
});
