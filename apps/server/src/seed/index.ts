/**
 * Reference data and the demo dataset. The server calls `ensureReferenceData` on every start;
 * `seedDemo` fills an empty database (the seed CLI, start-up on an empty embedded database, tests).
 */
export { ensureReferenceData, defaultGroupIds, DEFAULT_GROUP_NAMES, REFERENCE_ACQUIRERS, REFERENCE_CURRENCIES } from './reference-data.ts';
export { seedDemo, type DemoSummary, type SeedDemoOptions } from './demo.ts';
export { DEMO_SIGN_INS } from './generate.ts';

/** Password of the demo users unless DEMO_PASSWORD says otherwise. */
export const DEFAULT_DEMO_PASSWORD = 'Paydesk@2026';
