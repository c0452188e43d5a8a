/**
 * A staged firmware rollout (/terminal-firmware-management; domain firmware.ts ROLLOUT_MACHINE) as
 * a workflow: the desk's pause and resume (the §8 prompt, then the call) and cancel (a required
 * reason, then the prompt: every offer not yet installed is withdrawn). The job's COMPLETE is no
 * command. Pause and resume send an empty Reason, as the rollout drawer always has. The rollout has
 * its own screen, not a list report: its drawer says which views to ask again.
 */
import { ROLLOUT_MACHINE } from '@paydesk/domain';
import { defineWorkflow } from './define.ts';

export const FIRMWARE_ROLLOUT_WORKFLOW = defineWorkflow({
  name: 'FirmwareRollout',
  source: 'firmware_rollouts',
  stateColumn: 'Status',
  refColumn: 'Name',
  machine: ROLLOUT_MACHINE,
  toolbarLabel: 'fw.rollout.actionsLabel',
  commands: [
    {
      action: 'PAUSE', route: 'rolloutPause', label: 'fw.rollout.pause', icon: 'pause', body: () => ({ Reason: '' }),
      confirm: 'fw.rollout.pauseTitle', confirmNote: 'fw.rollout.pauseNote', done: 'fw.rollout.paused',
    },
    {
      action: 'RESUME', route: 'rolloutResume', label: 'fw.rollout.resume', icon: 'resume', primary: true, body: () => ({ Reason: '' }),
      confirm: 'fw.rollout.resumeTitle', confirmNote: 'fw.rollout.resumeNote', done: 'fw.rollout.resumed',
    },
    {
      action: 'CANCEL', route: 'rolloutCancel', label: 'fw.rollout.cancel', icon: 'stop', danger: true, note: { field: 'Reason', label: 'fw.reason' },
      confirm: 'fw.rollout.cancelTitle', confirmNote: 'fw.rollout.cancelNote', done: 'fw.rollout.cancelled',
    },
  ],
});
