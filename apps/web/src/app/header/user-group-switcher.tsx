/**
 * Switches the user group (ChangeUserUserGroup); menu, scope and data follow at once. Disabled
 * while the profile says MfaSetupRequired: the server refuses a switch before enrolment (MFA403),
 * whichever group would be picked, so the control would only lead to an error.
 */
import { useState } from 'react';
import { App } from 'antd';
import { useTranslation } from 'react-i18next';
import { useAppDispatch, useAppSelector } from '../../store/hooks.ts';
import { switchUserGroup } from '../../store/session.ts';
import { HeaderPicker } from './header-picker.tsx';

export function UserGroupSwitcher() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const dispatch = useAppDispatch();
  const profile = useAppSelector((s) => s.auth.profile);
  const [busy, setBusy] = useState(false);
  if (!profile) return null;
  const mustEnrol = profile.MfaSetupRequired === true;

  const options = profile.CompanyList.map((c) => ({ value: c.MembershipId, label: `${c.GroupName} · ${c.CompanyName}` }));
  const onChange = async (membershipId: number) => {
    setBusy(true);
    const ok = await dispatch(switchUserGroup(membershipId));
    setBusy(false);
    const label = options.find((o) => o.value === membershipId)?.label ?? '';
    if (ok) void message.success(t('shell.switchedGroup', { group: label }));
  };

  return (
    <HeaderPicker
      label={t('shell.userGroup')}
      value={profile.Current.MembershipId}
      options={options}
      onChange={(id) => void onChange(id)}
      loading={busy}
      disabled={mustEnrol}
      maxWidth={260}
    />
  );
}
