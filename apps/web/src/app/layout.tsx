/**
 * The signed-in frame: a skip link, the side navigation from the user's permissions (a drawer
 * opened from the header below 768 px), the header, and the page in the `main` landmark.
 */
import { Suspense, useEffect, useMemo, useState, type MouseEvent } from 'react';
import { Drawer, Layout, Menu, Typography, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { POS_ROUTE_PATH } from '@paydesk/domain';
import { runtimeConfig } from '../runtime-config.ts';
import { useCurrenciesQuery } from '../store/api.ts';
import { useAppDispatch, useAppSelector } from '../store/hooks.ts';
import { selectHeldPermissions } from '../store/selectors.ts';
import { siderToggled } from '../store/ui-slice.ts';
import { visibleNavigation } from './built-route-paths.ts';
import { AppHeader } from './header/app-header.tsx';
import { selectionFor, toMenuItems } from './menu.tsx';
import { PageSpin } from '../shared/results.tsx';
import { useNarrow } from '../shared/use-narrow.ts';

/** The id of the `main` landmark, the skip link's target (and shared/focus-return.ts's). */
export const MAIN_ID = 'main-content';

/**
 * The first Tab stop of every signed-in page: hidden until focused, it moves focus to the page
 * (WCAG 2.4.1) past the navigation and the header's controls.
 */
function SkipLink() {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const [focused, setFocused] = useState(false);
  const onClick = (e: MouseEvent<HTMLAnchorElement>) => {
    // Focus, not a #fragment navigation: the router owns the URL.
    e.preventDefault();
    document.getElementById(MAIN_ID)?.focus();
  };
  return (
    <a
      href={`#${MAIN_ID}`}
      onClick={onClick}
      onFocus={() => setFocused(true)}
      onBlur={() => setFocused(false)}
      style={{
        position: 'fixed',
        zIndex: 1100,
        insetInlineStart: 8,
        top: focused ? 8 : -200,
        padding: '8px 16px',
        background: token.colorBgElevated,
        color: token.colorLink,
        border: `2px solid ${token.colorPrimary}`,
        borderRadius: token.borderRadius,
      }}
    >
      {t('shell.skipToContent')}
    </a>
  );
}

export function AppLayout() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const dispatch = useAppDispatch();
  const { pathname } = useLocation();
  const { token } = theme.useToken();
  const narrow = useNarrow();
  const held = useAppSelector(selectHeldPermissions);
  const collapsed = useAppSelector((s) => s.ui.siderCollapsed);
  const { PosUrl, ProductName } = runtimeConfig();
  const [menuOpen, setMenuOpen] = useState(false);

  // The currency lookup loads once per session and feeds the header selector (§4).
  useCurrenciesQuery();

  const nodes = useMemo(() => visibleNavigation(held, PosUrl), [held, PosUrl]);
  const items = useMemo(() => toMenuItems(nodes, t), [nodes, t]);
  const selection = useMemo(() => selectionFor(nodes, pathname), [nodes, pathname]);
  const [openKeys, setOpenKeys] = useState<string[]>(selection.open);
  useEffect(() => {
    setOpenKeys((prev) => Array.from(new Set([...prev, ...selection.open])));
  }, [selection.open]);
  // Growing past the breakpoint leaves no drawer behind.
  useEffect(() => {
    if (!narrow) setMenuOpen(false);
  }, [narrow]);

  const onMenuClick = ({ key }: { key: string }) => {
    setMenuOpen(false);
    if (key === POS_ROUTE_PATH) window.open(PosUrl, '_blank', 'noopener,noreferrer');
    else void navigate(key);
  };
  const onMenuButton = () => (narrow ? setMenuOpen(true) : dispatch(siderToggled()));

  const folded = collapsed && !narrow;
  const navigation = (
    <nav aria-label={t('shell.navigation')}>
      <Menu
        mode="inline"
        items={items}
        selectedKeys={selection.selected ? [selection.selected] : []}
        {...(folded ? {} : { openKeys, onOpenChange: setOpenKeys })}
        onClick={onMenuClick}
        style={{ borderInlineEnd: 'none' }}
      />
    </nav>
  );

  return (
    <Layout style={{ minHeight: '100vh' }}>
      <SkipLink />
      {narrow ? (
        <Drawer
          placement="left"
          open={menuOpen}
          onClose={() => setMenuOpen(false)}
          size={Math.min(320, window.innerWidth - 48)}
          title={ProductName}
          closable={{ 'aria-label': t('shell.closeMenu') }}
          styles={{ body: { padding: 0 } }}
        >
          {navigation}
        </Drawer>
      ) : (
        <Layout.Sider
          collapsed={folded}
          trigger={null}
          width={264}
          theme="light"
          style={{ position: 'sticky', top: 0, height: '100vh', overflow: 'auto', borderInlineEnd: `1px solid ${token.colorBorderSecondary}` }}
        >
          <div style={{ height: 56, display: 'flex', alignItems: 'center', justifyContent: 'center', paddingInline: 12 }}>
            <Typography.Text strong ellipsis style={{ fontSize: folded ? 14 : 18 }}>
              {folded ? ProductName.slice(0, 2).toUpperCase() : ProductName}
            </Typography.Text>
          </div>
          {navigation}
        </Layout.Sider>
      )}
      <Layout style={{ minWidth: 0 }}>
        <AppHeader narrow={narrow} menuOpen={narrow ? menuOpen : !collapsed} onMenuButton={onMenuButton} />
        <Layout.Content id={MAIN_ID} tabIndex={-1} style={{ margin: narrow ? 8 : 16, minWidth: 0, outline: 'none' }}>
          <Suspense fallback={<PageSpin />}>
            <Outlet />
          </Suspense>
        </Layout.Content>
      </Layout>
    </Layout>
  );
}
