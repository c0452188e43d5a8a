/**
 * The actions on one user of /user-management: Edit, and Lock, Unlock,
 * Deactivate, Reactivate, Reset password, Resend invitation and Reset two-factor, each offered
 * only in the states it applies to and to holders of its permission, and each behind a
 * confirmation that says what happens. The server decides again (its refusal is the client's
 * toast: acting on oneself, a SUPERADMIN target, a stale version).
 */
import { App, Button, Dropdown, Flex, type MenuProps } from 'antd';
import { DownOutlined, EditOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { USER_ACTIONS, useUserActionMutation, type UserAction, type UserRow } from './user-api.ts';
import { ACTION_PERMISSIONS } from './user-permissions.ts';
import './texts.ts';

/** Actions that take the user out of the portal: red, and never offered on oneself. */
const DESTRUCTIVE: ReadonlySet<UserAction> = new Set(['lock', 'deactivate', 'resetMfa']);

/**
 * Whether `action` applies to `user` (by status and MFA), for a caller whose user id is `self`:
 * lock an active user, unlock a locked one, deactivate anyone not yet deactivated, reactivate a
 * deactivated one, reset the password of an active or locked one, resend the invitation of an
 * invited one, reset two-factor where it is on; nothing that would lock the caller out.
 */
export function actionApplies(action: UserAction, user: Pick<UserRow, 'Id' | 'Status' | 'MfaEnabled'>, self: number | undefined): boolean {
  if (DESTRUCTIVE.has(action) && user.Id === self) return false;
  switch (action) {
    case 'lock':
      return user.Status === 'ACTIVE';
    case 'unlock':
      return user.Status === 'LOCKED';
    case 'deactivate':
      return user.Status !== 'INACTIVE';
    case 'reactivate':
      return user.Status === 'INACTIVE';
    case 'resetPassword':
      return user.Status === 'ACTIVE' || user.Status === 'LOCKED';
    case 'resendInvite':
      return user.Status === 'INVITED';
    case 'resetMfa':
      return user.MfaEnabled;
  }
}

/** The actions the caller may take on `user`, in menu order. */
export function offeredActions(user: Pick<UserRow, 'Id' | 'Status' | 'MfaEnabled'>, held: ReadonlySet<string>, self: number | undefined): UserAction[] {
  return USER_ACTIONS.filter((a) => held.has(ACTION_PERMISSIONS[a]) && actionApplies(a, user, self));
}

export interface UserActionsProps {
  user: UserRow;
  held: ReadonlySet<string>;
  self: number | undefined;
  onEdit: (user: UserRow) => void;
}

export function UserActions({ user, held, self, onEdit }: UserActionsProps) {
  const { t } = useTranslation();
  const { modal, message } = App.useApp();
  const [runUserAction] = useUserActionMutation();
  const canEdit = held.has(ACTION_PERMISSIONS.update) && user.Status !== 'INACTIVE';
  const actions = offeredActions(user, held, self);
  if (!canEdit && actions.length === 0) return null;

  const ask = (action: UserAction) => {
    const email = user.Email;
    void modal.confirm({
      title: t(`users.confirm.${action}`, { email }),
      content: t(`users.confirm.${action}Note`),
      okText: t(`users.${action}`),
      okButtonProps: { danger: DESTRUCTIVE.has(action) },
      cancelText: t('users.cancel'),
      // The dialog closes either way: a refusal is the client's toast (acting on oneself, a stale
      // version …), and the mutation asks the list again so that it shows the user as the server has it.
      onOk: async () => {
        try {
          await runUserAction({ action, user }).unwrap();
          void message.success(t(`users.done.${action}`, { email }));
        } catch {
          // The toast is shown.
        }
      },
    });
  };

  const items: MenuProps['items'] = actions.map((a) => ({ key: a, label: t(`users.${a}`), danger: DESTRUCTIVE.has(a), onClick: () => ask(a) }));

  return (
    <Flex wrap gap={4} role="group" aria-label={t('users.rowActions', { email: user.Email })}>
      {canEdit && (
        <Button size="small" icon={<EditOutlined />} onClick={() => onEdit(user)}>
          {t('users.edit')}
        </Button>
      )}
      {actions.length > 0 && (
        <Dropdown trigger={['click']} menu={{ items }}>
          <Button size="small" aria-haspopup="menu">
            {t('users.more')} <DownOutlined aria-hidden />
          </Button>
        </Dropdown>
      )}
    </Flex>
  );
}
