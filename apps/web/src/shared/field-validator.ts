/**
 * The shared §5 field validator, as a module of its own so that `field-rule.ts` can load it on
 * demand: it carries the phone-number metadata (libphonenumber-js, ~44 KB brotli), which the
 * sign-in page would otherwise load before its form shows (first-load budgets).
 */
export { validateField } from '@paydesk/domain';
