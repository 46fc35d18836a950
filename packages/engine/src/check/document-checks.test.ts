import { describe, expect, it } from 'vitest';
import { emptyDocument } from '../document.js';
import { runChecks } from './document-checks.js';

describe('runChecks', () => {
  it('checks every identifier and date the document has, and names the paths', () => {
    const d = emptyDocument('test');
    d.payment.accounts = [
      { iban: 'DE89370400440532013001', bic: 'COBADEFF' },
      { iban: 'GB82WEST12345698765432' },
    ];
    d.seller.vat_id = 'DE123456789';
    d.buyer.vat_id = 'US123';
    d.issue_date = '2024-03-14';
    d.due_date = '2024-03-01';
    const checks = runChecks(d, '2024-06-01');
    const failed = checks.filter((c) => c.outcome === 'fail').map((c) => [c.id, c.flag, c.paths.join()]);
    expect(failed).toEqual([
      ['iban', 'iban_checksum', 'payment.accounts.0.iban'],
      ['vat_id', 'vat_id_checksum', 'seller.vat_id'],
      ['dates', 'date_implausible', 'due_date'],
    ]);
    const passed = checks.filter((c) => c.outcome === 'pass').map((c) => c.id);
    // A VAT id with a prefix we have no rule for is not reported at all.
    expect(passed).toEqual(['bic', 'iban']);
  });

  it('checks Russian identifiers by their control digits', () => {
    const d = emptyDocument('test');
    d.seller.inn = '7707083893';
    d.seller.kpp = '773601001';
    d.buyer.inn = '7707083894';
    d.payment.accounts = [{ account: '40702810938000000001', bik: '044525225' }];
    const byId = Object.fromEntries(runChecks(d).map((c) => [`${c.id}:${c.paths[0]}`, c.outcome]));
    expect(byId).toMatchObject({
      'inn:seller.inn': 'pass',
      'kpp:seller.kpp': 'pass',
      'inn:buyer.inn': 'fail',
      'bik:payment.accounts.0.bik': 'pass',
    });
    expect(byId['ru_account:payment.accounts.0.account']).toBeDefined();
  });

  it('flags an issue date far in the future', () => {
    const d = emptyDocument('test');
    d.issue_date = '2031-01-01';
    const [c] = runChecks(d, '2024-01-01');
    expect(c).toMatchObject({
      id: 'dates',
      outcome: 'fail',
      flag: 'date_implausible',
      paths: ['issue_date'],
    });
  });
});
