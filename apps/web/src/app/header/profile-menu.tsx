import { Avatar, Button, Dropdown, Flex, Typography } from 'antd';
import { DownloadOutlined, KeyOutlined, LogoutOutlined, SafetyCertificateOutlined, UserOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useAppDispatch, useAppSelector } from '../../store/hooks.ts';
import { signOut } from '../../store/session.ts';

export function ProfileMenu() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const profile = useAppSelector((s) => s.auth.profile);
  if (!profile) return null;

  const onSignOut = async () => {
    await dispatch(signOut());
    navigate('/auth', { replace: true });
  };

  return (
    <Dropdown
      trigger={['click']}
      menu={{
        items: [
          {
            key: 'who',
            disabled: true,
            label: (
              <Flex vertical style={{ cursor: 'default', maxWidth: 280 }}>
                <Typography.Text strong>{profile.NickName}</Typography.Text>
                <Typography.Text type="secondary">{profile.Email}</Typography.Text>
                <Typography.Text type="secondary">
                  {t('shell.currentGroup')}: {profile.Current.GroupName} · {profile.Current.CompanyName}
                </Typography.Text>
              </Flex>
            ),
          },
          { type: 'divider' },
          // Enrol (or re-enrol) an authenticator app.
          { key: 'mfa', icon: <SafetyCertificateOutlined />, label: t('shell.mfaSetup'), onClick: () => navigate('/mfa-setup') },
          // The user's own password (router.tsx CHANGE_PASSWORD_PATH).
          { key: 'password', icon: <KeyOutlined />, label: t('shell.changePassword'), onClick: () => navigate('/change-password') },
          // The user's own export history (router.tsx MY_EXPORTS_PATH).
          { key: 'exports', icon: <DownloadOutlined />, label: t('shell.myExports'), onClick: () => navigate('/my-exports') },
          { key: 'signout', icon: <LogoutOutlined />, label: t('shell.signOut'), danger: true, onClick: () => void onSignOut() },
        ],
      }}
    >
      {/* The name starts with the nickname it shows (WCAG 2.5.3: a voice user says what they see). */}
      <Button type="text" aria-haspopup="menu" aria-label={`${profile.NickName} · ${t('shell.profile')}`}>
        <Avatar size="small" icon={<UserOutlined aria-hidden />} />
        <Typography.Text ellipsis style={{ maxWidth: 140 }}>
          {profile.NickName}
        </Typography.Text>
      </Button>
    </Dropdown>
  );
}
