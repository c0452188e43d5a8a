/**
 * The database schema (Drizzle), one file per domain area. Money is `numeric(18,2)` (read as a
 * decimal string of ringgit), times are `timestamptz` in UTC, business days are MYT calendar
 * dates. Migrations are generated from this folder by drizzle-kit (`npm run db:generate`) and
 * committed under ../migrations; a CI gate fails when they disagree (`npm run db:check`).
 * Import tables from here; columns.ts holds the shared column helpers and is not re-exported.
 */
export * from './audit.ts';
export * from './content.ts';
export * from './hierarchy.ts';
export * from './identity.ts';
export * from './ingest.ts';
export * from './logs.ts';
export * from './mobile.ts';
export * from './payout.ts';
export * from './platform.ts';
export * from './pricing.ts';
export * from './reference.ts';
export * from './refunds.ts';
export * from './risk.ts';
export * from './settings.ts';
export * from './settlement.ts';
export * from './summaries.ts';
export * from './terminal-settlement.ts';
export * from './terminals.ts';
export * from './tpa.ts';
export * from './transactions.ts';
export * from './unattended-cash.ts';
export * from './zmk.ts';
