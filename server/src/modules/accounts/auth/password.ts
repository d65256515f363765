import { readFileSync } from 'node:fs';
import { type Algorithm, hash, verify } from '@node-rs/argon2';

// Algorithm is a const enum that isolated modules cannot read; 2 is its Argon2id member.
const ARGON2ID = 2 as Algorithm;

export interface Argon2Params {
  memoryCost: number;
  timeCost: number;
  parallelism: number;
}

/** OWASP's argon2id baseline (19 MiB, 2 passes, 1 lane); production always runs with these. */
export const PRODUCTION_ARGON2: Argon2Params = { memoryCost: 19456, timeCost: 2, parallelism: 1 };

export interface PasswordHasher {
  hash(password: string): Promise<string>;
  verify(storedHash: string, password: string): Promise<boolean>;
  /**
   * Spends the time of one real verification and fails. Login calls it when the e-mail is unknown (or the account
   * has no password), so an attacker cannot tell registered addresses by how fast the answer comes.
   */
  verifyDummy(password: string): Promise<false>;
  /** True when the hash was made with other parameters; login then stores a fresh one. */
  needsRehash(storedHash: string): boolean;
}

export function createPasswordHasher(params: Argon2Params = PRODUCTION_ARGON2): PasswordHasher {
  const options = { algorithm: ARGON2ID, ...params };
  const marker = `$argon2id$v=19$m=${params.memoryCost},t=${params.timeCost},p=${params.parallelism}$`;
  let dummy: Promise<string> | undefined;
  return {
    hash: (password) => hash(password, options),
    async verify(storedHash, password) {
      try {
        return await verify(storedHash, password);
      } catch {
        // A malformed stored hash is a refused login, never a 500.
        return false;
      }
    },
    async verifyDummy(password) {
      dummy ??= hash('not-a-real-password-for-timing-only', options);
      await verify(await dummy, password).catch(() => false);
      return false;
    },
    needsRehash: (storedHash) => !storedHash.startsWith(marker),
  };
}

let commonPasswords: Set<string> | undefined;

/** The small list in common-passwords.txt, case-insensitive. */
export function isCommonPassword(password: string): boolean {
  commonPasswords ??= new Set(
    readFileSync(new URL('./common-passwords.txt', import.meta.url), 'utf8')
      .split('\n')
      .map((l) => l.trim().toLowerCase())
      .filter((l) => l && !l.startsWith('#')),
  );
  return commonPasswords.has(password.trim().toLowerCase());
}
