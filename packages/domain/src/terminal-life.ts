/**
 * A payment terminal's life at its merchant (/terminal-management): set up (PENDING), taking
 * payments (ACTIVE), stopped for now (SUSPENDED), or taken back (DECOMMISSIONED, final). The
 * resource engine's lifecycle facet moves it only by these actions (contract terminal.ts), each
 * kept in the terminal's history.
 */
import { stateMachine } from './state-machine.ts';

export const TERMINAL_STATUSES = ['PENDING', 'ACTIVE', 'SUSPENDED', 'DECOMMISSIONED'] as const;
export type TerminalStatus = (typeof TERMINAL_STATUSES)[number];
export type TerminalAction = 'PUT_IN_SERVICE' | 'SUSPEND' | 'RESUME' | 'DECOMMISSION';

export const TERMINAL_MACHINE = stateMachine<TerminalStatus, TerminalAction>({
  PENDING: { PUT_IN_SERVICE: 'ACTIVE', DECOMMISSION: 'DECOMMISSIONED' },
  ACTIVE: { SUSPEND: 'SUSPENDED', DECOMMISSION: 'DECOMMISSIONED' },
  SUSPENDED: { RESUME: 'ACTIVE', DECOMMISSION: 'DECOMMISSIONED' },
  DECOMMISSIONED: {},
});
