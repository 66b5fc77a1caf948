/** Password hashing with scrypt (node:crypto), stored as `scrypt$<salt>$<hash>` in base64url. */
import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';
import type { BinaryLike } from 'node:crypto';

const KEY_LENGTH = 32;

function derive(password: string, salt: BinaryLike): Promise<Buffer> {
  return new Promise((resolve, reject) => scrypt(password, salt, KEY_LENGTH, (error, key) => (error ? reject(error) : resolve(key))));
}

/** Hashes a password; a fixed salt is only for the deterministic demo seed. */
export async function hashPassword(password: string, salt: Buffer = randomBytes(16)): Promise<string> {
  return `scrypt$${salt.toString('base64url')}$${(await derive(password, salt)).toString('base64url')}`;
}

/** Checks a password against a stored hash in constant time. */
export async function verifyPassword(password: string, stored: string | null): Promise<boolean> {
  const [scheme, salt, hash] = (stored ?? '').split('$');
  if (scheme !== 'scrypt' || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64url');
  const actual = await derive(password, Buffer.from(salt, 'base64url'));
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}

let dummy: Promise<string> | null = null;
/** The hash of a random secret, checked when there is no account (or no password) to check, so every refusal costs the same work. */
export function dummyPasswordHash(): Promise<string> {
  dummy ??= hashPassword(randomBytes(32).toString('base64url'));
  return dummy;
}
