/**
 * The KYC table (onboarding.ts): every (status, action) pair is tried with every actor; the
 * allowed actions are exactly the table's pairs the actor's permissions open, minus the checker
 * actions for the maker; a key-data change moves VERIFIED to UNVERIFY and REVIEWING to PENDING.
 */
import { describe, expect, it } from 'vitest';
import { ONBOARDING_STATUSES } from '../src/enums.ts';
import { KYC_ACTIONS, KYC_TRANSITIONS, allowedKycActions, kycNextStatus, kycRefusal, statusAfterKeyChange } from '../src/onboarding.ts';

const actors = [true, false].flatMap((canReview) => [true, false].flatMap((canUpdate) => [true, false].map((isMaker) => ({ canReview, canUpdate, isMaker }))));

describe('KYC transitions', () => {
  it('follow the onboarding flow: PENDING → REVIEWING → VERIFIED or REJECTED; VERIFIED ⇄ SUSPENDED; UNVERIFY → REVIEWING; REJECTED → PENDING', () => {
    expect(KYC_TRANSITIONS).toEqual({
      PENDING: { START_REVIEW: 'REVIEWING' },
      UNVERIFY: { START_REVIEW: 'REVIEWING' },
      REVIEWING: { VERIFY: 'VERIFIED', REJECT: 'REJECTED' },
      VERIFIED: { SUSPEND: 'SUSPENDED' },
      SUSPENDED: { REINSTATE: 'VERIFIED' },
      REJECTED: { SUBMIT: 'PENDING' },
    });
  });

  it.each(ONBOARDING_STATUSES)('%s: the allowed actions of every actor are the table’s, by permission, never a checker action for the maker', (status) => {
    for (const actor of actors) {
      const expected = KYC_ACTIONS.filter((a) => {
        if (kycNextStatus(status, a) === null) return false;
        if (a === 'SUBMIT') return actor.canUpdate;
        return actor.canReview && !(actor.isMaker && ['START_REVIEW', 'VERIFY', 'REJECT'].includes(a));
      });
      expect(allowedKycActions(status, actor), JSON.stringify(actor)).toEqual(expected);
      for (const a of KYC_ACTIONS) expect(kycRefusal(status, a, actor) === null).toBe(expected.includes(a));
    }
  });

  it('names the refusal: the maker, the state, the permission', () => {
    const reviewer = { canReview: true, canUpdate: true, isMaker: false };
    expect(kycRefusal('PENDING', 'START_REVIEW', { ...reviewer, isMaker: true })).toBe('maker');
    expect(kycRefusal('VERIFIED', 'SUSPEND', { ...reviewer, isMaker: true })).toBeNull();
    expect(kycRefusal('PENDING', 'VERIFY', reviewer)).toBe('state');
    expect(kycRefusal('PENDING', 'START_REVIEW', { ...reviewer, canReview: false })).toBe('permission');
  });

  it('a key-data change reopens a verified or reviewed profile and leaves the others', () => {
    expect(ONBOARDING_STATUSES.map((s) => [s, statusAfterKeyChange(s)])).toEqual([
      ['PENDING', 'PENDING'], ['REJECTED', 'REJECTED'], ['REVIEWING', 'PENDING'], ['SUSPENDED', 'SUSPENDED'], ['UNVERIFY', 'UNVERIFY'], ['VERIFIED', 'UNVERIFY'],
    ]);
  });
});
