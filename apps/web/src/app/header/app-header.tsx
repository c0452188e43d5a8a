import { Button, Flex, Layout, Typography, theme } from 'antd';
import { MenuFoldOutlined, MenuUnfoldOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { runtimeConfig } from '../../runtime-config.ts';
import { useAppDispatch, useAppSelector } from '../../store/hooks.ts';
import { siderToggled } from '../../store/ui-slice.ts';
import { CurrencySelect } from './currency-select.tsx';
import { LanguageSelect } from './language-select.tsx';
import { ProfileMenu } from './profile-menu.tsx';
import { ThemeToggle } from './theme-toggle.tsx';
import { UserGroupSwitcher } from './user-group-switcher.tsx';

export function AppHeader() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const collapsed = useAppSelector((s) => s.ui.siderCollapsed);
  const { token } = theme.useToken();
  return (
    <Layout.Header
      style={{
        background: token.colorBgContainer,
        borderBottom: `1px solid ${token.colorBorderSecondary}`,
        paddingInline: 16,
        height: 'auto',
        minHeight: 56,
        lineHeight: 'normal',
        position: 'sticky',
        top: 0,
        zIndex: 10,
      }}
    >
      <Flex align="center" justify="space-between" gap={12} wrap style={{ minHeight: 56 }}>
        <Flex align="center" gap={8}>
          <Button
            type="text"
            aria-label={collapsed ? t('shell.expand') : t('shell.collapse')}
            icon={collapsed ? <MenuUnfoldOutlined /> : <MenuFoldOutlined />}
            onClick={() => dispatch(siderToggled())}
          />
          <Typography.Title level={1} style={{ fontSize: 18, margin: 0 }}>
            {t('app.portal', { product: runtimeConfig().ProductName })}
          </Typography.Title>
        </Flex>
        <Flex align="center" gap={8} wrap>
          <UserGroupSwitcher />
          <CurrencySelect />
          <LanguageSelect />
          <ThemeToggle />
          <ProfileMenu />
        </Flex>
      </Flex>
    </Layout.Header>
  );
}
