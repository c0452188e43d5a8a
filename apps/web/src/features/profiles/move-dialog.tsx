/**
 * Move a merchant HQ, with its branches, to another agent (POST
 * Merchant/Profile/Move, `merchant:move`, platform staff): the agent is chosen in the scoped
 * picker (the current one left out), then confirmed; the answer (the profile as stored, under its
 * new parent) is shown at once and the list asked again. The server audits the move and re-keys
 * the merchant's summaries.
 */
import { useState } from 'react';
import { App, Form, Modal, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { VALIDATION_MESSAGES } from '@paydesk/domain';
import { messageText } from '../../shared/field-rule.ts';
import { focusMainIfLost } from '../../shared/focus-return.ts';
import { OrgPicker } from '../../shared/org-picker.tsx';
import { useAppDispatch } from '../../store/hooks.ts';
import { profileAnswered, useMerchantProfileMoveMutation, type ProfileDetail } from './profile-api.ts';
import './texts.ts';

export function MoveDialog({ profile, open, onClose }: { profile: ProfileDetail; open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const dispatch = useAppDispatch();
  const [moveProfile] = useMerchantProfileMoveMutation();
  const [form] = Form.useForm<{ AgentId?: number }>();
  const [agentName, setAgentName] = useState('');

  const move = async (agentId: number) => {
    try {
      // The mutation asks the history and the lists again (after a refusal, the profile too).
      const moved = await moveProfile({ Id: profile.Id, AgentId: agentId, Version: profile.Version }).unwrap();
      dispatch(profileAnswered('Merchant', moved));
      void message.success(t('profile.moved', { name: moved.Name, agent: moved.Parent?.Name ?? agentName }));
      onClose();
    } catch {
      // The toast said why (stale version, not allowed); the profile is asked again.
    }
  };

  const submit = async () => {
    const { AgentId } = await form.validateFields();
    if (AgentId === profile.Parent?.Id) {
      form.setFields([{ name: 'AgentId', errors: [t('profile.sameAgent')] }]);
      return;
    }
    modal.confirm({
      title: t('profile.confirmMove', { name: profile.Name, agent: agentName }),
      content: t('profile.confirmMoveNote'),
      okText: t('profile.yes'),
      cancelText: t('profile.cancel'),
      onOk: () => move(AgentId!),
    });
  };

  return (
    <Modal
      open={open}
      title={t('profile.moveTitle', { name: profile.Name })}
      okText={t('profile.move')}
      cancelText={t('profile.cancel')}
      onOk={() => void submit().catch(() => undefined)}
      onCancel={onClose}
      destroyOnHidden
      afterClose={() => {
        form.resetFields();
        focusMainIfLost();
      }}
    >
      <Typography.Paragraph type="secondary">{t('profile.moveNow', { agent: profile.Parent?.Name ?? '-' })}</Typography.Paragraph>
      <Form form={form} layout="vertical" preserve={false}>
        <Form.Item name="AgentId" label={t('profile.newAgent')} rules={[{ required: true, message: messageText(VALIDATION_MESSAGES.required) }]}>
          <AgentPicker onName={setAgentName} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** The scoped agent picker, telling the chosen agent's name (for the confirmation). */
function AgentPicker({ id, value, onChange, onName }: { id?: string; value?: number; onChange?: (v: number | undefined) => void; onName: (name: string) => void }) {
  return <OrgPicker id={id} level="AGENT" value={value} onChange={onChange} onChooseName={(name) => onName(name ?? '')} />;
}
