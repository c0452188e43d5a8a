/**
 * The KYC review of an organization's profile (§4 merchant onboarding status):
 *
 *   PENDING   --START_REVIEW--> REVIEWING            (a reviewer who is not the maker)
 *   UNVERIFY  --START_REVIEW--> REVIEWING            (key data changed after verification)
 *   REVIEWING --VERIFY-->       VERIFIED             (not the maker)
 *   REVIEWING --REJECT-->       REJECTED             (not the maker; a reason is required)
 *   VERIFIED  --SUSPEND-->      SUSPENDED            (a reason is required)
 *   SUSPENDED --REINSTATE-->    VERIFIED
 *   REJECTED  --SUBMIT-->       PENDING              (the maker resubmits after edits)
 *
 * and, with no action, when key data of a profile changes (`statusAfterKeyChange`): VERIFIED →
 * UNVERIFY and REVIEWING → PENDING (the reviewer was looking at other data). A PENDING profile is
 * already submitted: SUBMIT is only the way back from REJECTED. The maker is whoever submitted the
 * profile or last changed its key data; they never take a review action (maker-checker).
 */
import { enumLabelKey, type EnumEntry, type OnboardingStatus } from './enums.ts';

/** What a reviewer (START_REVIEW … REINSTATE) or the maker (SUBMIT) can do to a profile. */
export const KYC_ACTIONS = ['START_REVIEW', 'VERIFY', 'REJECT', 'SUSPEND', 'REINSTATE', 'SUBMIT'] as const;
export type KycAction = (typeof KYC_ACTIONS)[number];

/** The reviewer's actions (the Review endpoint); SUBMIT is the maker's own endpoint. */
export const KYC_REVIEW_ACTIONS = ['START_REVIEW', 'VERIFY', 'REJECT', 'SUSPEND', 'REINSTATE'] as const satisfies readonly KycAction[];
export type KycReviewAction = (typeof KYC_REVIEW_ACTIONS)[number];

/** For each status, the actions it accepts and the status each leads to (absent: refused, 409). */
export const KYC_TRANSITIONS: Readonly<Record<OnboardingStatus, Readonly<Partial<Record<KycAction, OnboardingStatus>>>>> = {
  PENDING: { START_REVIEW: 'REVIEWING' },
  UNVERIFY: { START_REVIEW: 'REVIEWING' },
  REVIEWING: { VERIFY: 'VERIFIED', REJECT: 'REJECTED' },
  VERIFIED: { SUSPEND: 'SUSPENDED' },
  SUSPENDED: { REINSTATE: 'VERIFIED' },
  REJECTED: { SUBMIT: 'PENDING' },
};

/** Actions that must carry a reason (kept in the status history and on the profile). */
export const KYC_REASON_REQUIRED: ReadonlySet<KycAction> = new Set(['REJECT', 'SUSPEND']);

/** Actions the maker of a profile may never take on it (maker-checker). */
export const KYC_CHECKER_ONLY: ReadonlySet<KycAction> = new Set(['START_REVIEW', 'VERIFY', 'REJECT']);

/** The status `action` leads `status` to, or null when the pair is refused. */
export function kycNextStatus(status: OnboardingStatus, action: KycAction): OnboardingStatus | null {
  return KYC_TRANSITIONS[status]?.[action] ?? null;
}

/**
 * The status of a profile after its key data (company name, registration numbers, company type,
 * persons' ID numbers, bank accounts) changed: VERIFIED → UNVERIFY, REVIEWING → PENDING, any
 * other unchanged (a SUSPENDED profile stays suspended; REJECTED waits for SUBMIT).
 */
export function statusAfterKeyChange(status: OnboardingStatus): OnboardingStatus {
  if (status === 'VERIFIED') return 'UNVERIFY';
  if (status === 'REVIEWING') return 'PENDING';
  return status;
}

/** Who is asking, for `allowedKycActions`. */
export interface KycActor {
  /** Holds the segment's `:review` permission (platform staff only). */
  canReview: boolean;
  /** Holds the segment's `:update` permission (may resubmit). */
  canUpdate: boolean;
  /** Submitted the profile or last changed its key data. */
  isMaker: boolean;
}

/**
 * The KYC actions `actor` may take on a profile in `status` now, in KYC_ACTIONS order: the
 * transition table, narrowed by the actor's permissions and by maker-checker. The web shows one
 * button per action; the server applies the same rule (`kycRefusal`).
 */
export function allowedKycActions(status: OnboardingStatus, actor: KycActor): KycAction[] {
  return KYC_ACTIONS.filter((a) => kycRefusal(status, a, actor) === null);
}

/**
 * Why `actor` may not take `action` on a profile in `status`: 'state' (the table refuses it,
 * 409), 'permission' (403), 'maker' (403: the maker never reviews their own profile), or null
 * when allowed.
 */
export function kycRefusal(status: OnboardingStatus, action: KycAction, actor: KycActor): 'state' | 'permission' | 'maker' | null {
  if (action === 'SUBMIT' ? !actor.canUpdate : !actor.canReview) return 'permission';
  if (kycNextStatus(status, action) === null) return 'state';
  if (actor.isMaker && KYC_CHECKER_ONLY.has(action)) return 'maker';
  return null;
}

/** Labelled entries of KYC_ACTIONS (`enum.kycAction.<code>`): the review buttons. */
export const KYC_ACTION_ENTRIES: readonly EnumEntry<KycAction>[] = Object.freeze(KYC_ACTIONS.map((code) => Object.freeze({ code, labelKey: enumLabelKey('kycAction', code) })));

/**
 * Kinds of KYC document of a profile: the SSM certificate, a director's
 * identity card or passport, a bank statement, anything else the reviewer asked for.
 */
export const ORG_DOCUMENT_TYPES = ['SSM_CERTIFICATE', 'DIRECTOR_ID', 'BANK_STATEMENT', 'OTHER'] as const;
export type OrgDocumentType = (typeof ORG_DOCUMENT_TYPES)[number];
export const ORG_DOCUMENT_TYPE_ENTRIES: readonly EnumEntry<OrgDocumentType>[] = Object.freeze(
  ORG_DOCUMENT_TYPES.map((code) => Object.freeze({ code, labelKey: enumLabelKey('orgDocumentType', code) })),
);

/** The file types a KYC document may be, told by its magic bytes (never its name or Content-Type). */
export const ORG_DOCUMENT_MIME_TYPES = ['application/pdf', 'image/jpeg', 'image/png'] as const;

/** The largest KYC document accepted, in bytes (5 MiB): a scanned certificate or statement fits. */
export const ORG_DOCUMENT_MAX_BYTES = 5 * 1024 * 1024;
