/** The parts of the generic screens that a resource overrides, by the resource's path. */
import { createElement, lazy, Suspense, type ComponentProps } from 'react';
import { MessageTemplateAside } from './message-template-preview.tsx';
import { ORGANIZATION_CONFIG_OVERRIDE } from './organization-config.tsx';
import { SYSTEM_SETTING_OVERRIDE } from './system-setting-value.tsx';
import { SYSTEM_SETTING_TEXT_CELLS } from './system-setting-text.tsx';
import type { ResourceOverride } from './types.ts';
import { PermissionsAction } from './user-group-permissions.tsx';

type Aside = NonNullable<ResourceOverride['FormAside']>;

/** A pane loaded with its screen's first form (the receipt preview carries a QR code drawer). */
function lazyAside(load: () => Promise<{ default: Aside }>): Aside {
  const Pane = lazy(load);
  return (props: ComponentProps<Aside>) => createElement(Suspense, { fallback: null }, createElement(Pane, props));
}

const ReceiptTemplateAside = lazyAside(() => import('./receipt-preview.tsx').then((m) => ({ default: m.ReceiptTemplateAside })));
const ReceiptBannerAside = lazyAside(() => import('./receipt-preview.tsx').then((m) => ({ default: m.ReceiptBannerAside })));

export const RESOURCE_OVERRIDES: Readonly<Record<string, ResourceOverride>> = {
  '/user-group': { RowActions: PermissionsAction },
  '/message-template': { FormAside: MessageTemplateAside },
  '/content-management/nfc-receipt': { FormAside: ReceiptTemplateAside },
  '/content-management/nfc-receipt-banner': { FormAside: ReceiptBannerAside },
  '/master-merchant-config': ORGANIZATION_CONFIG_OVERRIDE,
  '/agencyAgent-config': ORGANIZATION_CONFIG_OVERRIDE,
  '/merchant-config': ORGANIZATION_CONFIG_OVERRIDE,
  // Description in the UI language (system-setting-text.tsx).
  '/system-setting': { ...SYSTEM_SETTING_OVERRIDE, cells: { ...SYSTEM_SETTING_OVERRIDE.cells, ...SYSTEM_SETTING_TEXT_CELLS } },
};
