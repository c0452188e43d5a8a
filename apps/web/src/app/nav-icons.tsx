/** Icons named in the navigation tree (packages/domain navigation.ts), by component name. */
import type { ComponentType } from 'react';
import {
  AlertOutlined, ApartmentOutlined, ApiOutlined, AppstoreOutlined, AuditOutlined, BankOutlined, BarChartOutlined,
  CalendarOutlined, CloudDownloadOutlined, CloudUploadOutlined, CreditCardOutlined, CrownOutlined, DashboardOutlined,
  DollarOutlined, ExperimentOutlined, ExportOutlined, FileTextOutlined, FormOutlined, FundOutlined, GiftOutlined,
  GlobalOutlined, HddOutlined, HistoryOutlined, IdcardOutlined, KeyOutlined, LineChartOutlined, LinkOutlined,
  LockOutlined, MailOutlined, MobileOutlined, MoneyCollectOutlined, NotificationOutlined, NumberOutlined,
  PayCircleOutlined, PictureOutlined, PieChartOutlined, ProfileOutlined, ReconciliationOutlined, RollbackOutlined,
  ScheduleOutlined, SettingOutlined, ShopOutlined, ShoppingCartOutlined, SlidersOutlined, StopOutlined, SyncOutlined,
  TabletOutlined, TagsOutlined, TeamOutlined, ToolOutlined, UserSwitchOutlined, WalletOutlined, WarningOutlined,
} from '@ant-design/icons';

const ICONS: Record<string, ComponentType> = {
  AlertOutlined, ApartmentOutlined, ApiOutlined, AppstoreOutlined, AuditOutlined, BankOutlined, BarChartOutlined,
  CalendarOutlined, CloudDownloadOutlined, CloudUploadOutlined, CreditCardOutlined, CrownOutlined, DashboardOutlined,
  DollarOutlined, ExperimentOutlined, ExportOutlined, FileTextOutlined, FormOutlined, FundOutlined, GiftOutlined,
  GlobalOutlined, HddOutlined, HistoryOutlined, IdcardOutlined, KeyOutlined, LineChartOutlined, LinkOutlined,
  LockOutlined, MailOutlined, MobileOutlined, MoneyCollectOutlined, NotificationOutlined, NumberOutlined,
  PayCircleOutlined, PictureOutlined, PieChartOutlined, ProfileOutlined, ReconciliationOutlined, RollbackOutlined,
  ScheduleOutlined, SettingOutlined, ShopOutlined, ShoppingCartOutlined, SlidersOutlined, StopOutlined, SyncOutlined,
  TabletOutlined, TagsOutlined, TeamOutlined, ToolOutlined, UserSwitchOutlined, WalletOutlined, WarningOutlined,
};

export function navIcon(name: string) {
  const Icon = ICONS[name] ?? FileTextOutlined;
  return <Icon />;
}

export const NAV_ICON_NAMES = Object.keys(ICONS);
