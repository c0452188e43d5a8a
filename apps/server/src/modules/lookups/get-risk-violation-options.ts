/** RiskViolationOptions (§7 Lookups; §3 {Code, Description}): the risk alert rules of §9, from the domain. */
import { RISK_ALERT_RULE_ENTRIES } from '@paydesk/domain';

export function getRiskViolationOptions(): { Code: string; Description: string }[] {
  return RISK_ALERT_RULE_ENTRIES.map((r) => ({ Code: r.code, Description: r.description }));
}
