/**
 * A zone master key's lifecycle (/zmk-config; zmk.ts for the key material's facts) as a state
 * machine the workflow engine moves a key through:
 *  - AWAITING_COMPONENTS: the ceremony is open; custodians enter the components one by one
 *    (ENTER_COMPONENT, a self-transition: the key keeps awaiting the rest). When the last
 *    component is in, ACTIVATE combines them and the key becomes ACTIVE. CANCEL ends the ceremony
 *    (its components are wiped).
 *  - ACTIVE: the key is held (sealed) and usable; RETIRE ends its life (the key is wiped, its KCV
 *    stays for the record).
 *  - CANCELLED and RETIRED are final.
 *
 * The machine cannot tell a component from the last one (both leave AWAITING_COMPONENTS): the
 * server counts the slots and, when an entry completes the key, follows its ENTER_COMPONENT with
 * ACTIVATE in the same transaction, so the history keeps one event per step.
 */
import type { ZmkStatus } from './enums.ts';
import { stateMachine } from './state-machine.ts';

/**
 * What happens to a key: a custodian's component (ENTER_COMPONENT), the key completed by its last
 * component (ACTIVATE), the desk's cancel of a ceremony (CANCEL) and retirement of an active key
 * (RETIRE). Not the permission verbs (permissions.ts ZMK_ACTIONS) nor the screen's buttons
 * (contract ZMK_ACTIONS_ALLOWED).
 */
export const ZMK_KEY_ACTIONS = ['ENTER_COMPONENT', 'ACTIVATE', 'CANCEL', 'RETIRE'] as const;
export type ZmkKeyAction = (typeof ZMK_KEY_ACTIONS)[number];

/** A key's machine: CANCELLED and RETIRED are final (the workflow engine's ZMK record). */
export const ZMK_MACHINE = stateMachine<ZmkStatus, ZmkKeyAction>({
  AWAITING_COMPONENTS: { ENTER_COMPONENT: 'AWAITING_COMPONENTS', ACTIVATE: 'ACTIVE', CANCEL: 'CANCELLED' },
  ACTIVE: { RETIRE: 'RETIRED' },
  CANCELLED: {},
  RETIRED: {},
});
