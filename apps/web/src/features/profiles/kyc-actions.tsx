/**
 * The KYC actions of a profile: one button per action the server allows the
 * caller now (ProfileDetail.AllowedActions: the §4 transition table, the caller's permissions
 * and maker-checker, domain onboarding.ts), in KYC_ACTIONS order. REJECT and SUSPEND ask for a
 * required reason (note-dialog.tsx); the others ask for a confirmation. The answer (the profile
 * as stored) replaces the shown one at once, with its new status; the history and the list are
 * asked again. A refusal (stale version, not allowed any more) has its toast and the profile is
 * read again, so the buttons match its real state.
 */
import { useState } from 'react';
import { App, Button, Flex } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ProfileSegment } from '@paydesk/contract';
import { KYC_REASON_REQUIRED, enumLabelKey, type KycAction, type KycReviewAction } from '@paydesk/domain';
import { NoteDialog } from '../../shared/note-dialog.tsx';
import { useBusyCall } from '../../shared/use-busy-call.ts';
import { useAppDispatch } from '../../store/hooks.ts';
import { profileAnswered, useProfileReviewMutation, useProfileSubmitMutation, type ProfileDetail } from './profile-api.ts';
import './texts.ts';

const DANGER: ReadonlySet<KycAction> = new Set(['REJECT', 'SUSPEND']);

export function KycActions({ segment, profile }: { segment: ProfileSegment; profile: ProfileDetail }) {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const dispatch = useAppDispatch();
  const [submitProfile] = useProfileSubmitMutation();
  const [reviewProfile] = useProfileReviewMutation();
  const { busy, run } = useBusyCall();
  const [asking, setAsking] = useState<KycAction | null>(null);
  if (profile.AllowedActions.length === 0) return null;
  const name = profile.Name;

  // The mutation asks the history and the lists again, or, after a refusal (the toast said why),
  // the profile too, so that it shows as it is now.
  const act = async (action: KycAction, reason: string | null) => {
    const answer =
      action === 'SUBMIT'
        ? await submitProfile({ segment, body: { Id: profile.Id, Version: profile.Version } }).unwrap()
        : await reviewProfile({ segment, body: { Id: profile.Id, Version: profile.Version, Action: action as KycReviewAction, Reason: reason } }).unwrap();
    dispatch(profileAnswered(segment, answer));
    void message.success(t('profile.nowStatus', { name: answer.Name, status: t(enumLabelKey('onboardingStatus', answer.OnboardingStatus)) }));
  };

  const start = (action: KycAction) => {
    if (KYC_REASON_REQUIRED.has(action)) {
      setAsking(action);
      return;
    }
    modal.confirm({
      title: t(`profile.confirm.${action}`, { name }),
      content: t(`profile.confirmNote.${action}`),
      okText: t('profile.yes'),
      cancelText: t('profile.cancel'),
      onOk: () => act(action, null).catch(() => undefined),
    });
  };

  return (
    <Flex wrap gap={8} role="group" aria-label={t('profile.kycActions')} data-testid="kyc-actions">
      {profile.AllowedActions.map((a) => (
        <Button key={a} type={a === 'VERIFY' || a === 'SUBMIT' ? 'primary' : 'default'} danger={DANGER.has(a)} onClick={() => start(a)} data-testid={`kyc-${a}`}>
          {t(enumLabelKey('kycAction', a))}
        </Button>
      ))}
      <NoteDialog
        open={asking !== null}
        title={asking ? t(`profile.reasonTitle.${asking}`, { name }) : ''}
        okText={asking ? t(enumLabelKey('kycAction', asking)) : ''}
        label={asking ? t(`profile.reasonLabel.${asking}`) : ''}
        danger
        busy={busy}
        testId="kyc-reason"
        onSubmit={(text) => {
          const action = asking!;
          void run(() => act(action, text)).then((ok) => {
            if (ok) setAsking(null);
          });
        }}
        onCancel={() => setAsking(null)}
      />
    </Flex>
  );
}
