/**
 * The running state the risk rules keep per subject (table risk_state, one JSON
 * row per subject): what evaluate.ts needs to decide a rule from the next transaction alone.
 * Money in sen, instants in ms (UTC), days and months as MYT 'YYYY-MM-DD' / 'YYYY-MM'.
 */

/** The owner columns an alert copies from its transaction (a merchant state keeps its HQ's). */
export interface OwnerIds {
  masterMerchantId: number;
  agencyId: number;
  agentId: number;
  merchantId: number;
  branchId: number | null;
}

/** A merchant HQ's windows (kind MERCHANT, subject its id). */
export interface MerchantState {
  owner: OwnerIds;
  day: string;
  month: string;
  /** Successful sales' amount per currency (sen) in the day and the month. */
  dayAmount: Record<string, number>;
  monthAmount: Record<string, number>;
  dayCards: number;
  dayForeignCards: number;
  monthCards: number;
  monthForeignCards: number;
  dayForeignIp: number;
  /** FAILED transactions in a row today. */
  streak: number;
  /** The latest transaction (ms): INACTIVE_TXN_DAYS reads it. */
  lastTxnAt: number;
  /** The latest transaction ids of the day and the month (evidence). */
  dayIds: number[];
  monthIds: number[];
  /** Per rule (and currency), the window it last fired in, so it fires once per window. */
  fired: Record<string, string | number>;
}

/** A card's or an IP address's velocity (kind CARD or IP). */
export interface CardState {
  /** Transaction times of the last 24 hours (ms, ascending) and their ids. */
  times: number[];
  ids: number[];
  day: string;
  dayCount: number;
  dayIds: number[];
  /** Per rule: the MYT day (daily) or the instant (sliding) it last fired. */
  fired: Record<string, string | number>;
}

export function merchantState(owner: OwnerIds): MerchantState {
  return {
    owner: { ...owner, branchId: null }, day: '', month: '', dayAmount: {}, monthAmount: {}, dayCards: 0, dayForeignCards: 0, monthCards: 0, monthForeignCards: 0,
    dayForeignIp: 0, streak: 0, lastTxnAt: 0, dayIds: [], monthIds: [], fired: {},
  };
}

export function cardState(): CardState {
  return { times: [], ids: [], day: '', dayCount: 0, dayIds: [], fired: {} };
}
