/**
 * The actions on a reconciliation item's detail in the settlement reports (§4):
 * Verify resolves NOT TALLY, EXIST IN provider / portal, UNVERIFY or DUPLICATE with a required note
 * (→ VERIFIED 5); Unverify withdraws a verification with a note (→ UNVERIFY 6). Shown to holders of
 * `settlementreport:verify` for the results that accept them; Verify is disabled, with the reason,
 * for the user who imported the item's file (the detail names its importer and verifier). The
 * server decides again (403 when the caller imported the file: four eyes; 409 CF409 when the
 * result changed meanwhile).
 */
import { useState } from 'react';
import { App, Button, Flex, Typography } from 'antd';
import { CheckCircleOutlined, RollbackOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { ListReportDef, ReportRow } from '@paydesk/contract';
import { NoteDialog } from '../../shared/note-dialog.tsx';
import { isSignedInUser } from '../../shared/same-user.ts';
import { useBusyCall } from '../../shared/use-busy-call.ts';
import { useAppSelector } from '../../store/hooks.ts';
import { selectHeldPermissions, selectProfile } from '../../store/selectors.ts';
import type { DetailActionsComponent } from '../../shared/report-actions.ts';
import { useReconDecideMutation } from './recon-api.ts';
import './texts.ts';

/** Results a user may verify (§4): every one but TALLY (1) and VERIFIED (5). */
export const VERIFIABLE_RESULTS: ReadonlySet<number> = new Set([2, 3, 4, 6, 7]);

type Decision = 'verify' | 'unverify';

function ReconActions({ def, detail }: { def: ListReportDef; detail: ReportRow }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [decide] = useReconDecideMutation();
  const held = useAppSelector(selectHeldPermissions);
  const [decision, setDecision] = useState<Decision | null>(null);
  const { busy, run } = useBusyCall();
  const profile = useAppSelector(selectProfile);
  const id = Number(detail.Id);
  const result = Number(detail.Result);
  if (!held.has('settlementreport:verify')) return null;
  // Four eyes: the importer of the item's file may not verify it (the server answers 403 PERM403).
  const ownFile = isSignedInUser(detail.ImportedBy, profile?.Email);

  const submit = (note: string) =>
    run(async () => {
      if (!decision) return;
      // The mutation asks the report again.
      await decide({ report: def, decision, body: { Id: id, Note: note } }).unwrap();
      void message.success(t(decision === 'verify' ? 'recon.verified' : 'recon.unverified', { id }));
      setDecision(null);
    });

  return (
    <>
      <Flex wrap gap={8} role="toolbar" aria-label={t('recon.actionsLabel')} data-testid="recon-actions">
        {VERIFIABLE_RESULTS.has(result) && (
          <Button
            type="primary"
            icon={<CheckCircleOutlined />}
            disabled={ownFile}
            aria-describedby={ownFile ? 'recon-verify-why' : undefined}
            onClick={() => setDecision('verify')}
          >
            {t('recon.verify')}
          </Button>
        )}
        {result === 5 && (
          <Button icon={<RollbackOutlined />} onClick={() => setDecision('unverify')}>
            {t('recon.unverify')}
          </Button>
        )}
      </Flex>
      {ownFile && VERIFIABLE_RESULTS.has(result) && (
        <Typography.Text type="secondary" id="recon-verify-why" data-testid="recon-verify-why">
          {t('workflow.refusedBecause', { action: t('recon.verify'), reason: t('recon.ownFile') })}
        </Typography.Text>
      )}
      <NoteDialog
        open={decision !== null}
        title={t(decision === 'unverify' ? 'recon.unverify' : 'recon.verify')}
        okText={t(decision === 'unverify' ? 'recon.unverify' : 'recon.verify')}
        label={t(decision === 'unverify' ? 'recon.unverifyLabel' : 'recon.verifyLabel')}
        busy={busy}
        testId="recon-note"
        onSubmit={(note) => void submit(note)}
        onCancel={() => setDecision(null)}
      />
    </>
  );
}

/** The verify / unverify actions of a settlement report's detail, or null for other reports. */
export function reconDetailActions(def: ListReportDef): DetailActionsComponent | null {
  return def.source === 'recon_items' ? ReconActions : null;
}
