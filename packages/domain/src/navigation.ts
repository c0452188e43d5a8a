import { RESOURCE_ACTIONS, type ResourceActionName } from './resource-actions.ts';

/**
 * The navigation tree of §2 as data: every group and route with its label key, icon name
 * (an @ant-design/icons component name) and the `module:action` permission that shows it (§6).
 * The web app renders it; the server enforces the same permissions on the endpoints behind it.
 */
export interface NavRoute {
  kind: 'route';
  path: string;
  labelKey: string;
  icon: string;
  permission: string;
  /** Opens an external site in a new tab instead of a screen. */
  external?: boolean;
  beta?: boolean;
  /** A screen of the resource engine: its declaration and the actions it allows (see NavResource). */
  resource?: NavResource;
}

/**
 * What the rest of the portal derives from a resource screen's entry (engine v2): the
 * declaration's name (its file in the contract's `resources/defs/` is the name in kebab case
 * unless `file` says otherwise; the web app loads it with the screen), and the write actions it
 * allows — the permission catalogue holds `{module}:{action}` for each, the module being the
 * route permission's. The contract's declaration must agree (a test checks it).
 */
export interface NavResource {
  name: string;
  actions: readonly ResourceActionName[];
  file?: string;
}
export interface NavGroup {
  kind: 'group';
  key: string;
  labelKey: string;
  icon: string;
  children: NavNode[];
}
export type NavNode = NavRoute | NavGroup;

const r = (path: string, permission: string, icon = 'FileTextOutlined', extra: Partial<NavRoute> = {}): NavRoute => ({
  kind: 'route',
  path,
  permission,
  icon,
  labelKey: `nav.${path.replace(/^\//, '') || 'dashboard'}`,
  ...extra,
});
/** The `resource` of a resource screen's entry (all write actions unless `actions` says otherwise). */
const res = (name: string, actions: readonly ResourceActionName[] = RESOURCE_ACTIONS, file?: string): Partial<NavRoute> => ({ resource: { name, actions, ...(file ? { file } : {}) } });
const g = (key: string, icon: string, children: NavNode[]): NavGroup => ({ kind: 'group', key, labelKey: `nav.group.${key}`, icon, children });

/** The providers (TPAs) with a configuration page of their own (§2 TPA configuration: /{provider}-config). */
export const TPA_CONFIG_PROVIDERS = [
  'm1', 'gobiz', 'ioupay', 'ipay88', 'revpay', 'revenue-monster', 'paydee', 'enmos', 'safepay168', 'razerpay', 'coin2pay',
  'paydibs', 'paydibsV3', 'paydollar', 'tazapay', 'bsn', 'bsn-cardzone', 'finexus', 'rhb', 'payex-gobiz', 'payex', 'fiserv', 'mcash',
] as const;

/** The resource name of a provider's configuration page: 'revenue-monster' → 'TpaConfigRevenueMonster'. */
export function tpaConfigResourceName(provider: string): string {
  return `TpaConfig${provider.split('-').map((w) => w[0]!.toUpperCase() + w.slice(1)).join('')}`;
}

/** The dashboard: always shown, no permission needed to see the entry (§2). */
export const DASHBOARD_ROUTE: NavRoute = { kind: 'route', path: '/', labelKey: 'nav.dashboard', icon: 'DashboardOutlined', permission: 'dashboard:view' };

/** External point-of-sale site (§2 Services); its URL comes from runtime configuration. */
export const POS_ROUTE_PATH = 'external:pos';

export const NAV_TREE: NavNode[] = [
  DASHBOARD_ROUTE,
  g('profile', 'IdcardOutlined', [
    r('/master-merchant', 'mastermerchant:view', 'CrownOutlined'),
    r('/agency', 'agency:view', 'ApartmentOutlined'),
    r('/agent', 'agent:view', 'UserSwitchOutlined'),
    r('/merchant', 'merchant:view', 'ShopOutlined'),
    r('/merchant-bulk-upload', 'merchant:bulkupload', 'CloudUploadOutlined'),
    r('/user-management', 'usermanagement:view', 'TeamOutlined'),
    g('tpaApplication', 'FormOutlined', [r('/rm-application', 'tpaapplication:rmview', 'FormOutlined')]),
  ]),
  g('salesReportOnline', 'LineChartOutlined', [
    r('/sales-report/ecommerce', 'salesreport:ecommerce'),
    r('/sales-report/ecommerce-preauth', 'salesreport:ecommercepreauth'),
    r('/sales-report/pay-by-card', 'salesreport:paybycard'),
    r('/sales-report/payment-link', 'salesreport:paymentlink'),
    r('/sales-report/recurring', 'salesreport:recurring'),
  ]),
  g('salesReportTerminal', 'BarChartOutlined', [
    r('/sales-report/terminal', 'salesreport:terminal'),
    r('/sales-report/terminal-settlement', 'salesreport:terminalsettlement'),
  ]),
  g('salesReportOther', 'PieChartOutlined', [
    r('/agency-sales-report', 'salesreport:agency'),
    r('/agent-sales-report', 'salesreport:agent'),
    r('/merchant-sales-report', 'salesreport:merchant'),
  ]),
  g('settlementRecon', 'ReconciliationOutlined', [
    r('/rm-settlement-report', 'settlementreport:rm'),
    r('/bsn-settlement-report', 'settlementreport:bsn'),
    r('/bsn-settlement-summary-report', 'settlementreport:bsnsummary'),
    r('/razerpay-settlement-report', 'settlementreport:razerpay'),
    r('/finexus-settlement-report', 'settlementreport:finexus'),
    r('/ipay88-settlement-report', 'settlementreport:ipay88'),
    r('/paydee-settlement-report', 'settlementreport:paydee'),
  ]),
  g('settlementAcquirer', 'BankOutlined', [
    r('/rm-tpa-settlement-report', 'tpasettlementreport:rm'),
    r('/paydee-tpa-settlement-report', 'tpasettlementreport:paydee'),
    r('/bsn-tpa-settlement-report', 'tpasettlementreport:bsn'),
  ]),
  g('payout', 'WalletOutlined', [
    r('/payout-report', 'payoutreport:view'),
    r('/tpa-payout-report', 'tpapayoutreport:view'),
  ]),
  g('liveTransactionOnline', 'GlobalOutlined', [
    r('/transaction/ecommerce', 'transaction:ecommerce', 'ShoppingCartOutlined'),
    r('/transaction/ecommerce-preauth', 'transaction:ecommercepreauth', 'LockOutlined'),
    r('/transaction/pay-by-card', 'transaction:paybycard', 'CreditCardOutlined'),
    r('/transaction/payment-link', 'transaction:paymentlink', 'LinkOutlined'),
    r('/transaction/recurring', 'transaction:recurring', 'SyncOutlined'),
  ]),
  g('liveTransactionTerminal', 'TabletOutlined', [
    r('/transaction/terminal/card-transaction', 'transactionterminal:viewcardtrans', 'CreditCardOutlined'),
    r('/transaction/terminal/card-settlement', 'transactionterminal:viewcardsettlement', 'AuditOutlined'),
    r('/transaction/terminal/ewallets', 'transactionterminal:viewewallet', 'WalletOutlined'),
    r('/transaction/terminal/bnpl', 'transactionterminal:viewbnpl', 'ScheduleOutlined'),
    r('/transaction/terminal/card-transaction-v2', 'transactionterminal:beta', 'ExperimentOutlined', { beta: true }),
  ]),
  g('services', 'AppstoreOutlined', [
    r('/payment-link', 'paymentlink:view', 'LinkOutlined', res('PaymentLink', ['create', 'update', 'export'])),
    r('/pay-by-card/add-paybycard', 'paybycard:add', 'CreditCardOutlined'),
    r('/recurring', 'recurring:view', 'SyncOutlined'),
    r('/pre-chargeback', 'prechargeback:view', 'RollbackOutlined'),
    r(POS_ROUTE_PATH, 'pos:view', 'ExportOutlined', { external: true, labelKey: 'nav.pos' }),
  ]),
  g('risks', 'AlertOutlined', [
    r('/risk', 'risk:view', 'AlertOutlined'),
    r('/risk-transaction', 'risktransaction:view', 'WarningOutlined'),
    r('/tpa-payout-report-v2', 'tpapayoutreportv2:view', 'FundOutlined'),
  ]),
  g('configuration', 'SettingOutlined', [
    r('/master-merchant-config', 'mastermerchantconfig:view', 'SettingOutlined', res('MasterMerchantConfig', RESOURCE_ACTIONS, 'organization-config')),
    r('/agencyAgent-config', 'agencyagentconfig:view', 'SettingOutlined', res('AgencyAgentConfig', RESOURCE_ACTIONS, 'organization-config')),
    r('/merchant-config', 'merchantconfig:view', 'SettingOutlined', res('MerchantConfig', RESOURCE_ACTIONS, 'organization-config')),
  ]),
  g('terminal', 'TabletOutlined', [
    // One status (the terminal's life, domain TERMINAL_MACHINE): no separate active switch.
    r('/terminal-management', 'terminal:view', 'TabletOutlined', res('Terminal', ['create', 'update', 'delete', 'export', 'bulkupload'])),
    r('/master-devices', 'masterdevice:view', 'HddOutlined', res('MasterDevice')),
    r('/terminal-firmware-management', 'terminalfirmware:view', 'CloudDownloadOutlined'),
    r('/zmk-config', 'zmk:view', 'KeyOutlined'),
    r('/terminal-advertisement', 'terminaladvertisement:view', 'PictureOutlined', res('TerminalAdvertisement', ['create', 'update', 'setstatus', 'delete', 'export'])),
  ]),
  g('mobile', 'MobileOutlined', [
    r('/mobile-advertisement', 'mobileadvertisement:view', 'PictureOutlined', res('MobileAdvertisement', ['create', 'update', 'setstatus', 'delete', 'export'])),
    r('/mobile-topic-management', 'mobiletopic:view', 'TagsOutlined', res('MobileTopic')),
    r('/mobile-notification-content', 'mobilenotification:view', 'NotificationOutlined', res('MobileNotificationContent')),
  ]),
  g('tpaConfiguration', 'ApiOutlined', [
    r('/tpa-bulk-upload-terminal-config', 'tpaconfig:bulkupload', 'CloudUploadOutlined', res('TpaTerminalConfig', ['update', 'bulkupload', 'export'], 'tpa-provider-config')),
    ...TPA_CONFIG_PROVIDERS.map((p) => r(`/${p}-config`, `tpaconfig:${p.toLowerCase().replace(/-/g, '')}`, 'ApiOutlined', res(tpaConfigResourceName(p), ['create', 'update', 'setstatus', 'delete', 'export'], 'tpa-provider-config'))),
  ]),
  g('contentManagement', 'PictureOutlined', [
    r('/content-management/nfc-receipt', 'contentmanagement:nfcreceipt', 'FileTextOutlined', res('NfcReceipt', ['create', 'update', 'setstatus', 'delete', 'export'])),
    r('/content-management/nfc-receipt-banner', 'contentmanagement:nfcreceiptbanner', 'FileTextOutlined', res('NfcReceiptBanner', ['create', 'update', 'setstatus', 'delete', 'export'])),
  ]),
  g('unattendedTerminal', 'MoneyCollectOutlined', [
    r('/unattended-history/Denomination', 'unattended:history', 'HistoryOutlined'),
    r('/unattended-report/Denomination', 'unattended:report', 'FileTextOutlined'),
  ]),
  g('marketing', 'GiftOutlined', [
    r('/numbered-draw', 'numbereddraw:view', 'NumberOutlined'),
    r('/cashback-event', 'cashbackevent:view', 'GiftOutlined'),
    r('/cashback-payout', 'cashbackpayout:view', 'PayCircleOutlined'),
    r('/cashback-void-transaction', 'cashbackvoid:view', 'StopOutlined'),
  ]),
  g('systemConfiguration', 'ToolOutlined', [
    r('/user-group', 'usergroup:view', 'TeamOutlined', res('UserGroup')),
    r('/mobile-user-group', 'usergroupmobile:view', 'MobileOutlined', res('MobileUserGroup')),
    r('/mobile-global', 'usergroupmobileglobal:view', 'GlobalOutlined', res('MobileGlobal', ['create', 'update', 'setstatus', 'delete', 'export'])),
    r('/payment-category', 'paymentcategory:view', 'FileTextOutlined', res('PaymentCategory')),
    r('/acquirer', 'acquirer:view', 'BankOutlined', res('Acquirer')),
    r('/mdr-category', 'mdrcategory:view', 'FileTextOutlined', res('MdrCategory')),
    r('/mdr-products', 'mdrproduct:view', 'FileTextOutlined', res('MdrProduct')),
    r('/tpa-product-config', 'tpaproductconfig:view', 'FileTextOutlined', res('TpaProductConfig')),
    r('/subscription-config', 'subscription:view', 'FileTextOutlined', res('Subscription')),
    r('/nature-business', 'naturebusiness:view', 'FileTextOutlined', res('NatureBusiness')),
    r('/cardBIN-maintenance', 'cardbin:view', 'CreditCardOutlined', res('CardBin')),
    r('/currency-config', 'currency:view', 'DollarOutlined', res('Currency')),
    r('/bank-config', 'bank:view', 'BankOutlined', res('Bank')),
    r('/message-template', 'messagetemplate:view', 'MailOutlined', res('MessageTemplate')),
    r('/master-terminal-log-files', 'logfiles:masterterminalview'),
    r('/bulk-update-mdr', 'bulkupdateconfiguration:mdr', 'CloudUploadOutlined'),
    r('/risk-parameter', 'riskparameter:view', 'SlidersOutlined', res('RiskParameter')),
    r('/payout-holiday-setting', 'payoutholiday:view', 'CalendarOutlined', res('PayoutHoliday')),
    r('/system-setting', 'systemsetting:view', 'SettingOutlined', res('SystemSetting', ['update', 'export'])),
  ]),
  g('logFiles', 'ProfileOutlined', [
    r('/payment-log-files', 'logfiles:paymentview'),
    r('/mobile-log-files', 'logfiles:mobileview'),
    r('/portal-log-files', 'logfiles:portalview'),
    r('/scheduler-log-files', 'logfiles:schedulerview'),
    r('/terminal-log-files', 'logfiles:terminalview'),
    r('/masterdevices-api-logfiles', 'logfiles:masterdevicesapiview'),
    r('/txnresppending-log-files', 'logfiles:txnresppendingview'),
    r('/txnterminalpending-log-files', 'logfiles:txnterminalpendingview'),
    r('/cardreceiptupload-log-files', 'logfiles:cardreceiptuploadview'),
    r('/terminalereceiptupload-log-files', 'logfiles:terminalereceiptuploadview'),
  ]),
];

/** Every route of the tree, depth first. */
export function allRoutes(nodes: NavNode[] = NAV_TREE): NavRoute[] {
  return nodes.flatMap((n) => (n.kind === 'route' ? [n] : allRoutes(n.children)));
}

/**
 * The menu a user sees (§2, §6): a route shows if its permission is held and its screen is built
 * (`isBuilt`), a group if any child shows, the dashboard always.
 */
export function visibleTree(held: ReadonlySet<string>, isBuilt: (path: string) => boolean, nodes: NavNode[] = NAV_TREE): NavNode[] {
  const out: NavNode[] = [];
  for (const n of nodes) {
    if (n.kind === 'route') {
      if (n === DASHBOARD_ROUTE || n.path === '/' || (held.has(n.permission) && isBuilt(n.path))) out.push(n);
    } else {
      const children = visibleTree(held, isBuilt, n.children);
      if (children.length > 0) out.push({ ...n, children });
    }
  }
  return out;
}
