/** The signed-in frame: collapsible side navigation from the user's permissions, header, page. */
import { Suspense, useEffect, useMemo, useState } from 'react';
import { Layout, Menu, Typography, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { POS_ROUTE_PATH } from '@paydesk/domain';
import { runtimeConfig } from '../runtime-config.ts';
import { useCurrenciesQuery } from '../store/api.ts';
import { useAppSelector } from '../store/hooks.ts';
import { selectHeldPermissions } from '../store/selectors.ts';
import { visibleNavigation } from './built-route-paths.ts';
import { AppHeader } from './header/app-header.tsx';
import { selectionFor, toMenuItems } from './menu.tsx';
import { PageSpin } from './results.tsx';

export function AppLayout() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const { token } = theme.useToken();
  const held = useAppSelector(selectHeldPermissions);
  const collapsed = useAppSelector((s) => s.ui.siderCollapsed);
  const mode = useAppSelector((s) => s.ui.theme);
  const { PosUrl, ProductName } = runtimeConfig();

  // The currency lookup loads once per session and feeds the header selector (§4).
  useCurrenciesQuery();

  const nodes = useMemo(() => visibleNavigation(held, PosUrl), [held, PosUrl]);
  const items = useMemo(() => toMenuItems(nodes, t), [nodes, t]);
  const selection = useMemo(() => selectionFor(nodes, pathname), [nodes, pathname]);
  const [openKeys, setOpenKeys] = useState<string[]>(selection.open);
  useEffect(() => {
    setOpenKeys((prev) => Array.from(new Set([...prev, ...selection.open])));
  }, [selection.open]);

  const onMenuClick = ({ key }: { key: string }) => {
    if (key === POS_ROUTE_PATH) window.open(PosUrl, '_blank', 'noopener,noreferrer');
    else navigate(key);
  };

  return (
    <Layout style={{ minHeight: '100vh' }}>
      <Layout.Sider
        collapsible
        collapsed={collapsed}
        trigger={null}
        width={264}
        theme={mode}
        style={{ position: 'sticky', top: 0, height: '100vh', overflow: 'auto', borderInlineEnd: `1px solid ${token.colorBorderSecondary}` }}
      >
        <div style={{ height: 56, display: 'flex', alignItems: 'center', justifyContent: 'center', paddingInline: 12 }}>
          <Typography.Text strong ellipsis style={{ fontSize: collapsed ? 14 : 18 }}>
            {collapsed ? ProductName.slice(0, 2).toUpperCase() : ProductName}
          </Typography.Text>
        </div>
        <nav aria-label={t('shell.navigation')}>
          <Menu
            mode="inline"
            theme={mode}
            items={items}
            selectedKeys={selection.selected ? [selection.selected] : []}
            {...(collapsed ? {} : { openKeys, onOpenChange: setOpenKeys })}
            onClick={onMenuClick}
          />
        </nav>
      </Layout.Sider>
      <Layout>
        <AppHeader />
        <Layout.Content style={{ margin: 16, minWidth: 0 }}>
          <Suspense fallback={<PageSpin />}>
            <Outlet />
          </Suspense>
        </Layout.Content>
      </Layout>
    </Layout>
  );
}
