// PINs (decisions §13): 4 to 8 digits, stored as a salted scrypt hash (slow on purpose), compared
// in constant time. Format of a stored hash: `scrypt$N$r$p$<salt b64>$<hash b64>`.
import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';

export const PIN_PATTERN = /^\d{4,8}$/;
const N = 16_384;
const R = 8;
const P = 1;
const LENGTH = 32;

function derive(pin: string, salt: Buffer, n: number, r: number, p: number): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scrypt(pin, salt, LENGTH, { N: n, r, p, maxmem: 64 * 1024 * 1024 }, (err, key) =>
      err ? reject(err) : resolve(key),
    ),
  );
}

export async function hashPin(pin: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(pin, salt, N, R, P);
  return `scrypt$${N}$${R}$${P}$${salt.toString('base64')}$${key.toString('base64')}`;
}

export async function pinMatches(pin: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64');
  const key = await derive(pin, Buffer.from(salt, 'base64'), Number(n), Number(r), Number(p));
  return key.length === expected.length && timingSafeEqual(key, expected);
}
