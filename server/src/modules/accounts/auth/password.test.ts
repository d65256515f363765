import { describe, expect, it } from 'vitest';
import { TEST_ARGON2, testPasswordHasher } from '../../../test/factories';
import { PRODUCTION_ARGON2, createPasswordHasher, isCommonPassword } from './password';

describe('password hashing', () => {
  it('production hashes are argon2id with m=19456 KiB, t=2, p=1, salted', async () => {
    const hasher = createPasswordHasher();
    expect(PRODUCTION_ARGON2).toEqual({ memoryCost: 19456, timeCost: 2, parallelism: 1 });
    const [a, b] = [await hasher.hash('same password'), await hasher.hash('same password')];
    expect(a).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(a).not.toBe(b);
    expect(await hasher.verify(a, 'same password')).toBe(true);
    expect(await hasher.verify(a, 'Same password')).toBe(false);
    expect(hasher.needsRehash(a)).toBe(false);
  });

  it('marks hashes made with other parameters for rehashing', async () => {
    const old = await testPasswordHasher.hash('pw-123456');
    expect(old).toContain(`m=${TEST_ARGON2.memoryCost},t=${TEST_ARGON2.timeCost}`);
    expect(createPasswordHasher().needsRehash(old)).toBe(true);
    // Verification reads the parameters from the hash itself.
    expect(await createPasswordHasher().verify(old, 'pw-123456')).toBe(true);
  });

  it('a malformed stored hash is a failed check, not an exception', async () => {
    expect(await testPasswordHasher.verify('not-a-hash', 'x')).toBe(false);
    expect(await testPasswordHasher.verifyDummy('anything')).toBe(false);
  });
});

describe('common passwords', () => {
  it.each(['password', 'PASSWORD1', 'qwerty123', '12345678', 'iloveyou', ' letmein '])('refuses %j', (pw) => {
    expect(isCommonPassword(pw)).toBe(true);
  });
  it.each(['blue-kite-42', 'Correct-Horse-Battery-9', 'gw!ld2026xyz'])('accepts %j', (pw) => {
    expect(isCommonPassword(pw)).toBe(false);
  });
});
