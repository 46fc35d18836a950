import { describe, expect, it } from 'vitest';
import { luhnValid, weightedSum } from './digits.js';

describe('weightedSum', () => {
  it('multiplies digit by weight position-wise', () => {
    expect(weightedSum('123', [1, 2, 3])).toBe(14);
    expect(weightedSum('1234', [1, 1])).toBe(3);
    expect(weightedSum('9', [7, 7])).toBe(63);
  });
});

describe('luhnValid', () => {
  it('accepts published Luhn examples', () => {
    expect(luhnValid('79927398713')).toBe(true); // the textbook example (Wikipedia, ISO/IEC 7812)
    expect(luhnValid('4111111111111111')).toBe(true); // Visa test card number
    expect(luhnValid('0')).toBe(true);
  });

  it('rejects a changed or transposed digit', () => {
    expect(luhnValid('79927398710')).toBe(false);
    expect(luhnValid('79927398731')).toBe(false);
    expect(luhnValid('4111111111111112')).toBe(false);
  });
});
