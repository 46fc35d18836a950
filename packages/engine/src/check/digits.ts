// Small digit-arithmetic helpers shared by the identifier checks in this folder
// (weighted sums, Luhn). Inputs are assumed to be strings of ASCII digits already.

/** Sum of digit[i] * weights[i] over the shorter of the two. */
export function weightedSum(digits: string, weights: readonly number[]): number {
  let sum = 0;
  const n = Math.min(digits.length, weights.length);
  for (let i = 0; i < n; i++) sum += (digits.charCodeAt(i) - 48) * weights[i]!;
  return sum;
}

/** Luhn (ISO/IEC 7812-1) test over the whole string, check digit last. */
export function luhnValid(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = digits.charCodeAt(digits.length - 1 - i) - 48;
    // Every second digit from the right is doubled; 2-digit results count as their digit sum.
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}
