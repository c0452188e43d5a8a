/**
 * /zmk-config: zone master keys entered as components under dual control. The
 * schemes, purposes and check-value methods are the domain's (zmk.ts).
 *
 * Where the spec is silent, our choices:
 *  - A key is defined (name, purpose, the acquirer it is shared with, scheme, 2 or 3 components)
 *    and its ceremony starts at once (AWAITING_COMPONENTS). Component N is entered by a holder of
 *    `zmk:custodianN`, with the KCV from its slip; components may come in any order, and no user
 *    enters two components of one key, whatever permissions it holds. The last component makes
 *    the key ACTIVE with its KCV.
 *  - Only check values ever leave the server: no answer carries a component or the key, not even
 *    masked. A component travels once, inside the secure channel, in the request that enters it.
 *  - A ceremony in progress may be cancelled (CANCELLED); an active key may be retired (RETIRED);
 *    both need a reason and are final.
 */
import { z } from 'zod';
import { FIELD_MESSAGES, RULE_MESSAGES, VALIDATION_MESSAGES, ZMK_PURPOSES, ZMK_SCHEMES, ZMK_STATUSES, fieldMessage, normaliseHex } from '@paydesk/domain';
import { DbId, IsoDateTime, listRequest, listResponse } from '../common.ts';

/** Required text of at most `max` characters (trimmed). */
const text = (max: number) => z.string().trim().min(1, VALIDATION_MESSAGES.required).max(max, fieldMessage(FIELD_MESSAGES.maxLength, { max }));

/** A check value: 6 hex digits (3 bytes), any case; answered in capitals. */
const Kcv = z
  .string()
  .max(20, fieldMessage(FIELD_MESSAGES.maxLength, { max: 20 }))
  .transform(normaliseHex)
  .pipe(z.string().regex(/^[0-9A-F]{6}$/, RULE_MESSAGES.zmkKcv));

/**
 * A component as typed from its slip: hex digits, spaces between groups allowed. The length the
 * key's scheme needs (32, 48 or 64 digits) is checked by the server, which knows the key.
 */
const Component = z
  .string()
  .max(100, fieldMessage(FIELD_MESSAGES.maxLength, { max: 100 }))
  .transform(normaliseHex)
  .pipe(z.string().regex(/^(?:[0-9A-F]{32}|[0-9A-F]{48}|[0-9A-F]{64})$/, RULE_MESSAGES.zmkComponent));

export const ZmkParams = z.object({ Id: DbId });

/** Defines a key and starts its ceremony. */
export const ZmkCreateRequest = z.object({
  Name: text(100),
  Purpose: z.enum(ZMK_PURPOSES, { error: FIELD_MESSAGES.option }),
  /** The acquirer (host) the key is shared with (`acquirers`). */
  AcquirerId: DbId,
  Scheme: z.enum(ZMK_SCHEMES, { error: FIELD_MESSAGES.option }),
  ComponentCount: z.coerce.number().int(fieldMessage(FIELD_MESSAGES.wholeRange, { min: 2, max: 3 })).min(2, fieldMessage(FIELD_MESSAGES.wholeRange, { min: 2, max: 3 })).max(3, fieldMessage(FIELD_MESSAGES.wholeRange, { min: 2, max: 3 })),
});

/** One custodian's component of key `Id` with the KCV from its slip (the route names which component). */
export const ZmkComponentRequest = z.object({ Id: DbId, Component, Kcv });

/** Cancels a ceremony or retires a key, with the reason (kept in the key's history). */
export const ZmkCloseRequest = z.object({ Id: DbId, Reason: text(500) });

/** The actions on a key its caller may take now (the screen shows these buttons). */
export const ZMK_ACTIONS_ALLOWED = ['COMPONENT1', 'COMPONENT2', 'COMPONENT3', 'CANCEL', 'RETIRE'] as const;

/** A component slot: entered (by whom, when, its KCV) or still awaited. Never the component. */
export const ZmkComponentSlot = z.object({ Seq: z.number().int(), Entered: z.boolean(), EnteredBy: z.string().nullable(), EnteredAt: IsoDateTime.nullable(), Kcv: z.string().nullable() });

/** One step of a key's life (its history). */
export const ZmkEvent = z.object({
  Event: z.enum(['CREATED', 'COMPONENT_ENTERED', 'ACTIVATED', 'CANCELLED', 'RETIRED']),
  Seq: z.number().int().nullable(),
  Kcv: z.string().nullable(),
  Reason: z.string().nullable(),
  By: z.string().nullable(),
  At: IsoDateTime,
});

export const ZmkRow = z.object({
  Id: DbId,
  Name: z.string(),
  Purpose: z.enum(ZMK_PURPOSES),
  AcquirerId: DbId,
  AcquirerName: z.string(),
  Scheme: z.enum(ZMK_SCHEMES),
  Status: z.enum(ZMK_STATUSES),
  ComponentCount: z.number().int(),
  ComponentsEntered: z.number().int(),
  /** The key's check value once ACTIVE (kept when RETIRED). */
  Kcv: z.string().nullable(),
  /** TDES: whether every byte of the key has odd parity; null for AES and before activation. */
  OddParity: z.boolean().nullable(),
  CreatedBy: z.string(),
  CreatedAt: IsoDateTime,
  ActivatedAt: IsoDateTime.nullable(),
  ClosedBy: z.string().nullable(),
  ClosedAt: IsoDateTime.nullable(),
});

export const ZmkDetail = ZmkRow.extend({
  Components: z.array(ZmkComponentSlot),
  History: z.array(ZmkEvent),
  AllowedActions: z.array(z.enum(ZMK_ACTIONS_ALLOWED)),
});

export const ZmkSort = ['Name', 'Status', 'CreatedAt', 'ActivatedAt'] as const;
export const ZmkSearchRequest = listRequest(
  z
    .object({
      Keyword: z.string().trim().max(100, fieldMessage(FIELD_MESSAGES.maxLength, { max: 100 })).default(''),
      Status: z.enum(ZMK_STATUSES, { error: FIELD_MESSAGES.option }).optional(),
    })
    .default({ Keyword: '' }),
  [...ZmkSort],
);
export const ZmkSearchResponse = listResponse(ZmkRow);
