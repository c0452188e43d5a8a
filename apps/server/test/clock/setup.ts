/**
 * Vitest setup of the unit and integration tiers: with `PAYDESK_TEST_CLOCK` set (an ISO instant),
 * the worker runs on that clock (shifted-date.ts), started at `PAYDESK_TEST_CLOCK_ORIGIN` (the
 * run's real start, epoch ms, set by vitest.config.ts) so that every worker of a run reads the
 * same time. Only without DATABASE_URL: PostgreSQL's `now()` cannot move, so a PostgreSQL run
 * keeps the wall clock. scripts/ten-clocks.mjs sets it.
 */
import { installShiftedClock } from './shifted-date.ts';

const at = process.env.PAYDESK_TEST_CLOCK;
if (at && !process.env.DATABASE_URL) installShiftedClock(at, Number(process.env.PAYDESK_TEST_CLOCK_ORIGIN) || undefined);
