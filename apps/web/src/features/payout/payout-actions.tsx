/**
 * The actions on a payout's detail in /tpa-payout-report-v2: Hold a SCHEDULED
 * or RELEASED payout for a risk violation (the RiskViolationOptions lookup, §7) with a required
 * note; Release a HELD payout with a note. Shown to holders of `tpapayoutreportv2:hold` /
 * `:release` for the states that accept them; Release is disabled, with the reason, for the user
 * who held it (the detail names who held and who released); the server decides again (403 when releasing one's
 * own hold: four eyes; 409 CF409 when the state changed meanwhile).
 */
import { useState } from 'react';
import { App, Button, Flex, Form, Select, Typography } from 'antd';
import { PauseCircleOutlined, PlayCircleOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { VALIDATION_MESSAGES, type RiskAlertRule } from '@paydesk/domain';
import type { ListReportDef, ReportRow } from '@paydesk/contract';
import { messageText } from '../../shared/field-rule.ts';
import { NoteDialog } from '../../shared/note-dialog.tsx';
import { isSignedInUser } from '../../shared/same-user.ts';
import { useBusyCall } from '../../shared/use-busy-call.ts';
import { useRiskViolationOptionsQuery } from '../../store/api.ts';
import { useAppSelector } from '../../store/hooks.ts';
import { selectHeldPermissions, selectProfile } from '../../store/selectors.ts';
import type { DetailActionsComponent } from '../../shared/report-actions.ts';
import { usePayoutHoldMutation, usePayoutReleaseMutation } from './payout-api.ts';
import './texts.ts';

/** States a payout may be held from. */
export const HOLDABLE_STATES: ReadonlySet<string> = new Set(['SCHEDULED', 'RELEASED']);

type Decision = 'hold' | 'release';

function ViolationField() {
  const { t } = useTranslation();
  const { data, isLoading } = useRiskViolationOptionsQuery();
  return (
    <Form.Item name="Violation" label={t('payout.violationField')} rules={[{ required: true, message: messageText(VALIDATION_MESSAGES.required) }]}>
      <Select
        loading={isLoading}
        showSearch={{ optionFilterProp: 'label' }}
        options={(data ?? []).map((o) => ({ value: o.Code, label: o.Description }))}
        data-testid="payout-violation"
      />
    </Form.Item>
  );
}

function PayoutActions({ def, detail }: { def: ListReportDef; detail: ReportRow }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [hold] = usePayoutHoldMutation();
  const [release] = usePayoutReleaseMutation();
  const held = useAppSelector(selectHeldPermissions);
  const profile = useAppSelector(selectProfile);
  const [decision, setDecision] = useState<Decision | null>(null);
  const { busy, run } = useBusyCall();
  const id = Number(detail.Id);
  const state = String(detail.State);
  const canHold = held.has('tpapayoutreportv2:hold') && HOLDABLE_STATES.has(state);
  const canRelease = held.has('tpapayoutreportv2:release') && state === 'HELD';
  if (!canHold && !canRelease) return null;
  // Four eyes: whoever held the payout may not release it (the server answers 403 PERM403).
  const ownHold = canRelease && isSignedInUser(detail.HeldBy, profile?.Email);

  const submit = (note: string, values: Record<string, unknown>) =>
    run(async () => {
      if (!decision) return;
      // The mutation asks the report again.
      if (decision === 'hold') await hold({ report: def, body: { Id: id, Violation: values.Violation as RiskAlertRule, Note: note } }).unwrap();
      else await release({ report: def, body: { Id: id, Note: note } }).unwrap();
      void message.success(t(decision === 'hold' ? 'payout.held' : 'payout.released', { id }));
      setDecision(null);
    });

  return (
    <>
      <Flex wrap gap={8} role="toolbar" aria-label={t('payout.actionsLabel')} data-testid="payout-actions">
        {canHold && (
          <Button danger icon={<PauseCircleOutlined />} onClick={() => setDecision('hold')}>
            {t('payout.hold')}
          </Button>
        )}
        {canRelease && (
          <Button
            type="primary"
            icon={<PlayCircleOutlined />}
            disabled={ownHold}
            aria-describedby={ownHold ? 'payout-release-why' : undefined}
            onClick={() => setDecision('release')}
          >
            {t('payout.release')}
          </Button>
        )}
      </Flex>
      {ownHold && (
        <Typography.Text type="secondary" id="payout-release-why" data-testid="payout-release-why">
          {t('workflow.refusedBecause', { action: t('payout.release'), reason: t('payout.ownHold') })}
        </Typography.Text>
      )}
      <NoteDialog
        open={decision !== null}
        title={t(decision === 'release' ? 'payout.release' : 'payout.hold')}
        okText={t(decision === 'release' ? 'payout.release' : 'payout.hold')}
        label={t(decision === 'release' ? 'payout.releaseLabel' : 'payout.holdLabel')}
        danger={decision === 'hold'}
        busy={busy}
        testId="payout-note"
        fields={decision === 'hold' ? <ViolationField /> : undefined}
        onSubmit={(note, values) => void submit(note, values)}
        onCancel={() => setDecision(null)}
      />
    </>
  );
}

/** The hold / release actions of the risk payout report's detail, or null for other reports. */
export function payoutDetailActions(def: ListReportDef): DetailActionsComponent | null {
  return def.name === 'PayoutRisk' ? PayoutActions : null;
}
