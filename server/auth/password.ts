/**
 * Password hashing: scrypt N=2^17, r=8, p=1, 16-byte salt, 64-byte key: `scrypt$17$8$1$<salt>$<hash>`.
 * Every derivation (sign-in, dummy check, new password) goes through one bounded queue per process
 * (hashQueue.ts), so a flood of sign-ins cannot starve the server: when it is full, 429 at once.
 */
import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import { hashWork } from './hashQueue';

const LOG_N = 17;
const R = 8;
const P = 1;
const KEY_LEN = 64;

function derive(password: string, salt: Buffer, logN: number, r: number, p: number): Promise<Buffer> {
  const options: ScryptOptions = { N: 2 ** logN, r, p, maxmem: 256 * 1024 * 1024 };
  return hashWork(
    () =>
      new Promise<Buffer>((resolve, reject) =>
        scrypt(password.normalize('NFC'), salt, KEY_LEN, options, (err, key) =>
          err ? reject(err) : resolve(key),
        ),
      ),
  );
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, LOG_N, R, P);
  return `scrypt$${LOG_N}$${R}$${P}$${salt.toString('base64')}$${key.toString('base64')}`;
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parts = stored.split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return false;
  const [, n, r, p, salt, hash] = parts as [string, string, string, string, string, string];
  const expected = Buffer.from(hash, 'base64');
  const key = await derive(password, Buffer.from(salt, 'base64'), Number(n), Number(r), Number(p));
  return key.length === expected.length && timingSafeEqual(key, expected);
}

let dummy: Promise<string> | undefined;

/** A hash to verify against when the user does not exist, so both answers take the same time. */
export function dummyHash(): Promise<string> {
  // a refused first try (queue full) must not stay cached
  dummy ??= hashPassword(randomBytes(12).toString('base64')).catch((err: unknown) => {
    dummy = undefined;
    throw err;
  });
  return dummy;
}

/** At least 8 characters with a letter and a digit. */
export function isStrongPassword(password: string): boolean {
  return password.length >= 8 && /\p{L}/u.test(password) && /\p{Nd}/u.test(password);
}
