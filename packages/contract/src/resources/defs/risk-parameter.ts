import { RISK_ALERT_RULE_ENTRIES, RISK_THRESHOLD_KINDS, RULE_MESSAGES, TIME_UNIT_ENTRIES, type RiskAlertRule, type RiskThresholdKind } from '@paydesk/domain';
import { defineResource, type NumberKind } from '../define.ts';
import { int, select } from '../fields.ts';
import { codeOptions, decimal2, defaulted, optionsOf } from './b-fields.ts';

/** The unit of each rule's threshold lives in the domain (the risk desk's report writes by it too). */
export { RISK_THRESHOLD_KINDS, type RiskThresholdKind };

/** How a list writes a rule's Threshold: RM for amount rules, a percentage, else a whole number. */
const THRESHOLD_NUMBER_KINDS: Record<RiskThresholdKind, NumberKind> = { AMOUNT: 'money', PERCENT: 'percent', COUNT: 'count', DAYS: 'count' };
const thresholdNumberKind = (row: Record<string, unknown>): NumberKind => THRESHOLD_NUMBER_KINDS[RISK_THRESHOLD_KINDS[row.RuleCode as RiskAlertRule]] ?? 'decimal';

/** What happens when a rule fires: an alert only, holding the payout for review, or declining. */
export const RISK_ACTIONS = ['ALERT', 'HOLD', 'BLOCK'] as const;

/**
 * /risk-parameter: the thresholds of the §9 risk alert rules, one row per rule (RuleCode is the
 * natural key; the server seeds every rule). Threshold is RM for amount rules, a percentage for
 * ratio rules, a whole number of transactions for count rules and of days for INACTIVE_TXN_DAYS.
 * TimeUnit (§9 hour/day/week) and WindowLength go together and describe the counting window where
 * the rule has one. Action: ALERT raises a risk alert, HOLD also holds the payout, BLOCK declines.
 */
export const riskParameterResource = defineResource({
  name: 'RiskParameter',
  path: '/risk-parameter',
  module: 'riskparameter',
  table: 'risk_parameters',
  scope: 'platform',
  titleKey: 'nav.risk-parameter',
  titleField: 'RuleCode',
  fields: {
    RuleCode: select('rule_code', 'res.riskParameter.ruleCode', optionsOf(RISK_ALERT_RULE_ENTRIES), { list: true, filter: 'eq', sortable: true }),
    Threshold: { ...decimal2('threshold', 'res.riskParameter.threshold', { list: true, helpKey: 'res.riskParameter.thresholdHelp' }), priority: 1, numberKind: thresholdNumberKind },
    TimeUnit: select('time_unit', 'res.riskParameter.timeUnit', optionsOf(TIME_UNIT_ENTRIES), { optional: true, list: true }),
    WindowLength: int('window_length', 'res.riskParameter.windowLength', { min: 1, max: 366, optional: true, list: true }),
    Action: defaulted(select('action', 'res.riskParameter.action', codeOptions(RISK_ACTIONS, 'res.riskParameter.action'), { list: true, filter: 'eq' })),
  },
  actions: ['create', 'update', 'setStatus', 'delete', 'export', 'bulkUpload'],
  defaultSort: { Field: 'RuleCode', Order: 'asc' },
  naturalKey: 'RuleCode',
  refine: (r) => {
    const kind = RISK_THRESHOLD_KINDS[r.RuleCode as RiskAlertRule];
    if (kind && r.Threshold !== undefined && r.Threshold !== null) {
      const t = Number(r.Threshold);
      if (kind === 'PERCENT' && t > 100) return { field: 'Threshold', message: RULE_MESSAGES.riskPercent };
      if ((kind === 'COUNT' || kind === 'DAYS') && (!Number.isInteger(t) || t < 1)) return { field: 'Threshold', message: kind === 'DAYS' ? RULE_MESSAGES.riskDays : RULE_MESSAGES.riskCount };
      if (kind === 'AMOUNT' && !(t > 0)) return { field: 'Threshold', message: RULE_MESSAGES.riskAmount };
    }
    // Both known (sent, or stored on the merged check): set together or not at all.
    if (r.TimeUnit !== undefined && r.WindowLength !== undefined && (r.TimeUnit === null) !== (r.WindowLength === null)) {
      return { field: r.TimeUnit === null ? 'TimeUnit' : 'WindowLength', message: RULE_MESSAGES.riskWindow };
    }
    return null;
  },
  description: 'Threshold, window and action of each §9 risk rule (one row per rule); the threshold unit depends on the rule.',
});
