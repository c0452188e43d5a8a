/**
 * The invite and edit drawer of /user-management. Invite: e-mail (§5),
 * nick name, phone (§5, optional) and one to twenty memberships; the server creates the user
 * without a password and e-mails a single-use link. Edit: the same but the e-mail, sent with the
 * version the list showed; memberships outside the caller's scope are not shown and the server
 * keeps them. Full width on a phone, one column; the first wrong field is scrolled to and focused.
 */
import { useEffect, useState } from 'react';
import { App, Button, Drawer, Flex, Form, Input, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { VALIDATION_MESSAGES, type GroupType } from '@paydesk/domain';
import { useNarrow } from '../../shared/use-narrow.ts';
import { fieldRule, messageText } from '../../shared/field-rule.ts';
import { focusMainIfLost } from '../../shared/focus-return.ts';
import { MembershipFields, membershipsOf, type MembershipValue } from './membership-fields.tsx';
import { useUserInviteMutation, useUserUpdateMutation, type UserRow } from './user-api.ts';
import './texts.ts';

/** The longest nick name the form accepts (the server's text limit, §9). */
const NICK_NAME_MAX = 100;

interface FormValues {
  Email: string;
  NickName: string;
  Phone?: string;
  Memberships: MembershipValue[];
}

/** The form's values of an existing user (edit), its memberships as level × company × group. */
export function formValuesOf(user: UserRow): FormValues {
  return {
    Email: user.Email,
    NickName: user.NickName,
    Phone: user.Phone ?? '',
    Memberships: user.Memberships.map((m) => ({ Level: m.GroupType as GroupType, CompanyId: m.CompanyId, CompanyName: m.CompanyName, GroupId: m.GroupId })),
  };
}

export interface UserFormProps {
  /** Open: `'invite'` for a new user, a user to edit, or null (closed). */
  target: 'invite' | UserRow | null;
  /** The caller's group type: which levels it may hand out. */
  caller: GroupType | undefined;
  onClose: () => void;
}

export function UserForm({ target, caller, onClose }: UserFormProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [inviteUser] = useUserInviteMutation();
  const [updateUser] = useUserUpdateMutation();
  const narrow = useNarrow();
  const [form] = Form.useForm<FormValues>();
  const [busy, setBusy] = useState(false);
  const editing = target !== null && target !== 'invite' ? target : null;

  useEffect(() => {
    if (target === null) return;
    form.resetFields();
    form.setFieldsValue(editing ? formValuesOf(editing) : { Email: '', NickName: '', Phone: '', Memberships: [{}] });
  }, [target, editing, form]);

  const submit = async (values: FormValues) => {
    const phone = values.Phone?.trim() ?? '';
    const memberships = membershipsOf(values.Memberships);
    setBusy(true);
    try {
      if (editing) {
        await updateUser({ Id: editing.Id, Version: editing.Version, NickName: values.NickName.trim(), Phone: phone, Memberships: memberships }).unwrap();
        void message.success(t('users.saved', { email: editing.Email }));
      } else {
        const email = values.Email.trim();
        await inviteUser({ Email: email, NickName: values.NickName.trim(), ...(phone ? { Phone: phone } : {}), Memberships: memberships }).unwrap();
        void message.success(t('users.invited', { email }));
      }
      onClose();
    } catch {
      // The client showed the server's message (an e-mail in use, a group out of reach …); the form stays.
    } finally {
      setBusy(false);
    }
  };

  return (
    <Drawer
      open={target !== null}
      title={editing ? t('users.editTitle', { email: editing.Email }) : t('users.inviteTitle')}
      size={narrow ? '100%' : 560}
      onClose={onClose}
      destroyOnHidden
      afterOpenChange={(open) => !open && focusMainIfLost()}
      footer={
        <Flex justify="flex-end" gap={8}>
          <Button onClick={onClose}>{t('users.cancel')}</Button>
          <Button type="primary" loading={busy} onClick={() => form.submit()} data-testid="user-form-submit">
            {editing ? t('users.save') : t('users.sendInvite')}
          </Button>
        </Flex>
      }
    >
      <Form<FormValues> form={form} layout="vertical" onFinish={(v) => void submit(v)} scrollToFirstError={{ focus: true }} data-testid="user-form">
        {!editing && (
          <Typography.Paragraph type="secondary" style={{ marginTop: 0 }}>
            {t('users.inviteHelp')}
          </Typography.Paragraph>
        )}
        <Form.Item name="Email" label={t('users.email')} rules={editing ? [] : [fieldRule('email', { required: true })]} validateFirst>
          <Input type="email" inputMode="email" autoComplete="off" maxLength={250} readOnly={!!editing} disabled={!!editing} />
        </Form.Item>
        <Form.Item
          name="NickName"
          label={t('users.nickName')}
          rules={[
            { required: true, whitespace: true, message: messageText(VALIDATION_MESSAGES.required) },
            { max: NICK_NAME_MAX, message: messageText(VALIDATION_MESSAGES.tooLong) },
          ]}
        >
          <Input maxLength={NICK_NAME_MAX} autoComplete="off" />
        </Form.Item>
        <Form.Item name="Phone" label={t('users.phone')} rules={[fieldRule('phone')]}>
          <Input type="tel" inputMode="tel" autoComplete="off" maxLength={30} />
        </Form.Item>
        {editing && (
          <Typography.Paragraph type="secondary" style={{ marginTop: 0 }}>
            {t('users.outsideScope')}
          </Typography.Paragraph>
        )}
        <MembershipFields caller={caller} />
      </Form>
    </Drawer>
  );
}
