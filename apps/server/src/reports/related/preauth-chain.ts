/**
 * Related section `preauthChain`: the operation chain of a pre-auth row — the
 * PREAUTH and its PREAUTH_VOID, CAPTURE, CAPTURE_VOID — oldest first, the same list from any
 * member (context.ts loads it by the PREAUTH's id, scoped to the caller).
 */
import type { PreauthChainItem } from '@paydesk/contract';
import { iso, type RelatedContext } from './context.ts';

/** `[{Id, TxnRefNo, PreauthOp, CreatedAt (ISO UTC), Amount (decimal string), Currency, Status}]`; [] for other kinds. */
export async function preauthChain(ctx: RelatedContext): Promise<PreauthChainItem[]> {
  return (await ctx.chain()).map((r) => ({
    Id: r.id,
    TxnRefNo: r.txnRefNo,
    PreauthOp: r.preauthOp,
    CreatedAt: iso(r.createdAt),
    Amount: r.amount,
    Currency: r.currency,
    Status: r.status,
  }));
}
