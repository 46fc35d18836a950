// The Bundesbank's BIC for a German IBAN's bank settles a BIC OCR read with O for 0 or I for 1:
// only that confusion is put right, in the length printed, and only for a bank the file lists.
import { describe, expect, it } from 'vitest';
import { bankBic, bicOfIbanBank } from './bank-bic.js';

// Bank code 70090100 (Hausbank München, GENODEF1M04), account 12345, check digits computed.
const HAUSBANK = 'DE39700901000000012345';

describe('bicOfIbanBank', () => {
  it("gives the bank's BIC where the read one differs only by O/0 and I/1", () => {
    expect(bankBic(HAUSBANK)).toBe('GENODEF1M04');
    expect(bicOfIbanBank('GENODEF1MO4', HAUSBANK)).toBe('GENODEF1M04');
    expect(bicOfIbanBank('GENODEFIM04', HAUSBANK)).toBe('GENODEF1M04');
    // 8 characters printed: the bank's BIC without a branch code.
    expect(bicOfIbanBank('COBADEFF', 'DE89370400440532013000')).toBe('COBADEFF');
  });

  it('gives nothing for another BIC, a foreign IBAN or a bank code the file does not list', () => {
    expect(bicOfIbanBank('GENODEF1MO5', HAUSBANK)).toBeUndefined();
    expect(bicOfIbanBank('COBADEFFXXX', HAUSBANK)).toBeUndefined();
    expect(bicOfIbanBank('BNPAFRPPXXX', 'FR7630006000011234567890189')).toBeUndefined();
    expect(bankBic('DE02999999990000012345')).toBeUndefined();
  });
});
