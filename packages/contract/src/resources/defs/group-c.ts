/** Resources of group C (terminals and devices, mobile, content, the provider (TPA) configurations, and the payment links of Services). */
import { masterDeviceResource } from './master-device.ts';
import { mobileAdvertisementResource } from './mobile-advertisement.ts';
import { mobileNotificationContentResource } from './mobile-notification-content.ts';
import { mobileTopicResource } from './mobile-topic.ts';
import { terminalAdvertisementResource } from './terminal-advertisement.ts';
import { terminalResource } from './terminal.ts';
import { nfcReceiptBannerResource } from './nfc-receipt-banner.ts';
import { nfcReceiptResource } from './nfc-receipt.ts';
import { paymentLinkResource } from './payment-link.ts';
import { TPA_PROVIDER_RESOURCES, tpaTerminalConfigResource } from './tpa-provider-config.ts';

export const GROUP_C = [
  terminalResource,
  masterDeviceResource,
  terminalAdvertisementResource,
  mobileAdvertisementResource,
  mobileTopicResource,
  mobileNotificationContentResource,
  nfcReceiptResource,
  nfcReceiptBannerResource,
  tpaTerminalConfigResource,
  ...TPA_PROVIDER_RESOURCES,
  paymentLinkResource,
];
