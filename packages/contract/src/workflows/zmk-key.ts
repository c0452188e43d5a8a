/**
 * A zone master key (/zmk-config; domain zmk-flow.ts ZMK_MACHINE) as a workflow: the desk's cancel
 * of a ceremony in progress and retirement of an active key, each with a required reason, then the
 * §8 prompt. Entering a component (ENTER_COMPONENT, then ACTIVATE by the server) is no command
 * here: it is the key drawer's own dialog (a secret typed once, per custodian slot), shown beside
 * these commands. The key has its own screen, not a list report: its drawer says which views to
 * ask again.
 */
import { ZMK_MACHINE } from '@paydesk/domain';
import { defineWorkflow } from './define.ts';

export const ZMK_KEY_WORKFLOW = defineWorkflow({
  name: 'Zmk',
  source: 'zmk_keys',
  stateColumn: 'Status',
  refColumn: 'Name',
  machine: ZMK_MACHINE,
  toolbarLabel: 'zmk.actionsLabel',
  commands: [
    {
      action: 'CANCEL', route: 'zmkCancel', label: 'zmk.cancel', icon: 'stop', danger: true, note: { field: 'Reason', label: 'zmk.reason' },
      confirm: 'zmk.cancelTitle', confirmNote: 'zmk.cancelNote', done: 'zmk.cancelled',
    },
    {
      action: 'RETIRE', route: 'zmkRetire', label: 'zmk.retire', icon: 'retire', danger: true, note: { field: 'Reason', label: 'zmk.reason' },
      confirm: 'zmk.retireTitle', confirmNote: 'zmk.retireNote', done: 'zmk.retired',
    },
  ],
});
