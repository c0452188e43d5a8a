/**
 * The icons of the navigation's top-level entries (packages/domain navigation.ts), by component
 * name; menu.tsx draws no icon below the top level. A top-level entry naming an icon missing here
 * falls back to FileTextOutlined (nav-icons.test.ts checks that none does).
 */
import type { ComponentType } from 'react';
import {
  AlertOutlined, ApiOutlined, AppstoreOutlined, BankOutlined, BarChartOutlined, DashboardOutlined, FileTextOutlined,
  GiftOutlined, GlobalOutlined, IdcardOutlined, LineChartOutlined, MobileOutlined, MoneyCollectOutlined,
  PictureOutlined, PieChartOutlined, ProfileOutlined, ReconciliationOutlined, SettingOutlined, TabletOutlined,
  ToolOutlined, WalletOutlined,
} from '@ant-design/icons';

const ICONS: Record<string, ComponentType> = {
  AlertOutlined, ApiOutlined, AppstoreOutlined, BankOutlined, BarChartOutlined, DashboardOutlined, FileTextOutlined,
  GiftOutlined, GlobalOutlined, IdcardOutlined, LineChartOutlined, MobileOutlined, MoneyCollectOutlined,
  PictureOutlined, PieChartOutlined, ProfileOutlined, ReconciliationOutlined, SettingOutlined, TabletOutlined,
  ToolOutlined, WalletOutlined,
};

export function navIcon(name: string) {
  const Icon = ICONS[name] ?? FileTextOutlined;
  return <Icon />;
}

export const NAV_ICON_NAMES = Object.keys(ICONS);
