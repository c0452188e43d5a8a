/**
 * The header: the menu button (folds the side navigation; below 768 px opens it as a drawer),
 * the portal name, the global search (⌘K / Ctrl K), and the user's controls (group, currency, language, theme, profile), which
 * wrap onto further rows on a phone instead of widening the page.
 */
import { Button, Flex, Layout, Typography, theme } from 'antd';
import { MenuFoldOutlined, MenuOutlined, MenuUnfoldOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { runtimeConfig } from '../../runtime-config.ts';
import { SearchButton } from '../../features/search/search-button.tsx';
import { CurrencySelect } from './currency-select.tsx';
import { LanguageSelect } from './language-select.tsx';
import { ProfileMenu } from './profile-menu.tsx';
import { ThemeToggle } from './theme-toggle.tsx';
import { UserGroupSwitcher } from './user-group-switcher.tsx';

export interface AppHeaderProps {
  /** Below 768 px: the menu button opens the navigation drawer, the header does not stick. */
  narrow: boolean;
  /** Whether the navigation is shown (drawer open, or side navigation unfolded). */
  menuOpen: boolean;
  onMenuButton: () => void;
}

export function AppHeader({ narrow, menuOpen, onMenuButton }: AppHeaderProps) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const menuLabel = narrow ? t('shell.openMenu') : menuOpen ? t('shell.collapse') : t('shell.expand');
  const menuIcon = narrow ? <MenuOutlined /> : menuOpen ? <MenuFoldOutlined /> : <MenuUnfoldOutlined />;
  return (
    <Layout.Header
      style={{
        background: token.colorBgContainer,
        borderBottom: `1px solid ${token.colorBorderSecondary}`,
        paddingInline: narrow ? 8 : 16,
        paddingBlock: narrow ? 8 : 0,
        height: 'auto',
        minHeight: 56,
        lineHeight: 'normal',
        // A header of several wrapped rows would cover much of a phone's screen if it stuck.
        position: narrow ? 'static' : 'sticky',
        top: 0,
        zIndex: 10,
      }}
    >
      <Flex align="center" justify="space-between" gap={narrow ? 8 : 12} wrap style={{ minHeight: 40 }}>
        <Flex align="center" gap={8} style={{ minWidth: 0 }}>
          <Button type="text" aria-label={menuLabel} aria-expanded={menuOpen} icon={menuIcon} onClick={onMenuButton} />
          <Typography.Title level={1} style={{ fontSize: narrow ? 16 : 18, margin: 0 }}>
            {t('app.portal', { product: runtimeConfig().ProductName })}
          </Typography.Title>
        </Flex>
        <Flex align="center" gap={8} wrap style={{ minWidth: 0, maxWidth: '100%' }}>
          <SearchButton narrow={narrow} />
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
