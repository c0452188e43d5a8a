/**
 * The pure parts of two-factor sign-in and the password policy:
 *  - totpStep accepts exactly the codes of the step before, at and after now (±30 s) and names
 *    the step a code belongs to, so a code is never accepted for two different steps; codes of
 *    steps further away, and codes of another secret, are refused (generated over times and secrets);
 *  - recovery codes: ten distinct XXXX-XXXX codes of the unambiguous alphabet; their hash does not
 *    depend on case or spaces and differs per user;
 *  - passwordProblems lists every broken rule, and the one message holds a blank line and the word
 *    Password with one line per rule (§8).
 */
import fc from 'fast-check';
import { TOTP } from 'otpauth';
import { describe, expect, it } from 'vitest';
import { newRecoveryCodes, newTotpSecret, recoveryCodeHash, totpStep } from '../../src/auth/totp.ts';
import { passwordPolicyMessage, passwordProblems } from '../../src/auth/password-policy.ts';

const codeAt = (secret: string, ms: number) => new TOTP({ secret, algorithm: 'SHA1', digits: 6, period: 30 }).generate({ timestamp: ms });
const stepOf = (ms: number) => Math.floor(ms / 30_000);

describe('totpStep', () => {
  const secret = newTotpSecret();
  it('accepts the codes of the step before, at and after now, each for its own step', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1_600_000_000_000, max: 2_000_000_000_000 }), fc.integer({ min: -1, max: 1 }), (now, offset) => {
        const at = now + offset * 30_000;
        expect(totpStep(secret, codeAt(secret, at), now)).toBe(stepOf(at));
      }),
      { numRuns: 200 },
    );
  });
  it('refuses the codes of steps two or more away (unless the 6 digits happen to repeat)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1_600_000_000_000, max: 2_000_000_000_000 }), fc.integer({ min: 2, max: 2_000 }), fc.boolean(), (now, away, before) => {
        const code = codeAt(secret, now + (before ? -away : away) * 30_000);
        const near = [-1, 0, 1].map((d) => codeAt(secret, now + d * 30_000));
        fc.pre(!near.includes(code));
        expect(totpStep(secret, code, now)).toBeNull();
      }),
      { numRuns: 200 },
    );
  });
  it("refuses another secret's current code", () => {
    const now = Date.UTC(2026, 10, 26, 10, 0, 0);
    const near = new Set([-1, 0, 1].map((d) => codeAt(secret, now + d * 30_000)));
    // Another secret whose current code is not by chance one of ours (1 in ~330,000 is).
    let code = codeAt(newTotpSecret(), now);
    while (near.has(code)) code = codeAt(newTotpSecret(), now);
    expect(totpStep(secret, code, now)).toBeNull();
  });
  it('makes 160-bit base32 secrets', () => {
    expect(newTotpSecret()).toMatch(/^[A-Z2-7]{32}$/);
  });
});

describe('recovery codes', () => {
  it('are ten distinct codes XXXX-XXXX without look-alike characters', () => {
    const codes = newRecoveryCodes();
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const c of codes) expect(c).toMatch(/^[A-HJKMNP-Z2-9]{4}-[A-HJKMNP-Z2-9]{4}$/);
  });
  it('hash the same whatever the case and spaces, and differently per user', () => {
    const key = new Uint8Array(32).fill(7);
    expect(recoveryCodeHash(key, 5, ' k7q2-m9xd ')).toBe(recoveryCodeHash(key, 5, 'K7Q2-M9XD'));
    expect(recoveryCodeHash(key, 5, 'K7Q2-M9XD')).not.toBe(recoveryCodeHash(key, 6, 'K7Q2-M9XD'));
  });
});

describe('the password policy', () => {
  const policy = { passwordMinLength: 12, passwordRequireSymbol: true };
  it.each([
    ['short', ['must have at least 12 characters', 'must contain letters and digits', 'must contain a symbol (a character that is neither a letter nor a digit)']],
    ['longenoughpassword', ['must contain letters and digits', 'must contain a symbol (a character that is neither a letter nor a digit)']],
    ['longenough1password', ['must contain a symbol (a character that is neither a letter nor a digit)']],
    ['Kopi-Ais-2026', []],
    [`${'a1-'.repeat(43)}`, ['must have at most 128 characters']],
  ])('%s breaks %j', (password, problems) => {
    expect(passwordProblems(password, policy)).toEqual(problems);
  });
  it('counts characters, not UTF-16 units, at the minimum length', () => {
    expect(passwordProblems('密码密码密码密码密码1-', policy)).toEqual([]);
    expect(passwordProblems('密码密码密码密码密1-', policy)).toEqual(['must have at least 12 characters']);
  });
  it('says every broken rule in one message with a blank line and the word Password', () => {
    const message = passwordPolicyMessage(passwordProblems('short', policy));
    const [head, list] = message.split('\n\n');
    expect(head).toContain('Password');
    expect(list!.split('\n')).toHaveLength(3);
    for (const line of list!.split('\n')) expect(line.startsWith('- Password ')).toBe(true);
  });
});
