import { z } from 'zod';
import { QR_MODE_ENTRIES, RULE_MESSAGES, SERVICE_MODE_ENTRIES, TPA_CONFIG_PROVIDERS, tpaConfigResourceName } from '@paydesk/domain';
import { defineResource, type FieldDef } from '../define.ts';
import { secret, select, text, url } from '../fields.ts';
import { optionsOf } from './b-fields.ts';

const PRODUCT_CODE = /^[A-Z0-9][A-Z0-9_-]*$/;
const TID_RULE = 'enter the 8 capital letters or digits of the TID';

/**
 * The fields of a provider (TPA) configuration row: which of our terminals and
 * merchants it serves, the provider's own MID and TID for them, how the terminal talks to it, and
 * the credentials the gateway signs its calls with.
 *  - TerminalTid: our terminal (/terminal-management) the mapping is for (natural key per provider;
 *    empty for an online-only merchant mapping);
 *  - ProviderMid / ProviderTid: the provider's identifiers of that merchant and terminal;
 *  - ServiceMode online or offline and QrMode random, static, scan or generate (§9);
 *  - Products: the payment products (codes of /mdr-products) enabled through this provider;
 *  - EndpointUrl: the provider's API address for this merchant (https);
 *  - ApiKey and SecretKey: credentials, sealed under the field key and answered masked (secret).
 */
const providerFields = {
  // Picked among the owner organization's terminals (Terminal/Search narrowed by OrgId).
  TerminalTid: {
    ...text('terminal_tid', 'res.tpaConfig.terminalTid', { max: 8, list: true, filter: 'eq', sortable: true, optional: true, pattern: [/^[A-Z0-9]{8}$/, TID_RULE] }),
    input: 'select',
    lookup: 'terminals',
    lookupArgs: { OrgId: 'OrgId' },
  } satisfies FieldDef,
  ProviderMid: text('provider_mid', 'res.tpaConfig.providerMid', { max: 40, list: true, filter: 'contains', sortable: true }),
  ProviderTid: text('provider_tid', 'res.tpaConfig.providerTid', { max: 40, list: true, filter: 'contains', optional: true }),
  ServiceMode: select('service_mode', 'res.tpaConfig.serviceMode', optionsOf(SERVICE_MODE_ENTRIES), { list: true, filter: 'eq', sortable: true }),
  QrMode: select('qr_mode', 'res.tpaConfig.qrMode', optionsOf(QR_MODE_ENTRIES), { list: true, filter: 'eq', optional: true }),
  Products: {
    column: 'products',
    labelKey: 'res.tpaConfig.products',
    input: 'multiselect',
    lookup: 'paymentProductList',
    list: true,
    optional: true,
    schema: z
      .array(z.string().trim().regex(PRODUCT_CODE, RULE_MESSAGES.productCodeList))
      .max(200)
      .refine((a) => new Set(a).size === a.length, RULE_MESSAGES.productTwice)
      .nullable(),
  } satisfies FieldDef,
  EndpointUrl: url('endpoint_url', 'res.tpaConfig.endpointUrl', { optional: true }),
  ApiKey: secret('api_key', 'res.tpaConfig.apiKey'),
  SecretKey: secret('secret_key', 'res.tpaConfig.secretKey'),
};

const TEXTS = {
  en: {
    'res.tpaConfig.provider': 'Provider',
    'res.tpaConfig.terminalTid': 'TID (ours)',
    'res.tpaConfig.providerMid': "Provider's MID",
    'res.tpaConfig.providerTid': "Provider's TID",
    'res.tpaConfig.serviceMode': 'Service mode',
    'res.tpaConfig.qrMode': 'QR mode',
    'res.tpaConfig.products': 'Enabled products',
    'res.tpaConfig.endpointUrl': 'API address',
    'res.tpaConfig.apiKey': 'API key',
    'res.tpaConfig.secretKey': 'Secret key',
    [TID_RULE]: TID_RULE,
  },
  ms: {
    'res.tpaConfig.provider': 'Penyedia',
    'res.tpaConfig.terminalTid': 'TID (kami)',
    'res.tpaConfig.providerMid': 'MID penyedia',
    'res.tpaConfig.providerTid': 'TID penyedia',
    'res.tpaConfig.serviceMode': 'Mod perkhidmatan',
    'res.tpaConfig.qrMode': 'Mod QR',
    'res.tpaConfig.products': 'Produk didayakan',
    'res.tpaConfig.endpointUrl': 'Alamat API',
    'res.tpaConfig.apiKey': 'Kunci API',
    'res.tpaConfig.secretKey': 'Kunci rahsia',
    [TID_RULE]: 'masukkan 8 huruf besar atau digit TID',
  },
  zh: {
    'res.tpaConfig.provider': '服务商',
    'res.tpaConfig.terminalTid': 'TID（本平台）',
    'res.tpaConfig.providerMid': '服务商 MID',
    'res.tpaConfig.providerTid': '服务商 TID',
    'res.tpaConfig.serviceMode': '服务模式',
    'res.tpaConfig.qrMode': 'QR 模式',
    'res.tpaConfig.products': '已启用产品',
    'res.tpaConfig.endpointUrl': 'API 地址',
    'res.tpaConfig.apiKey': 'API 密钥',
    'res.tpaConfig.secretKey': '私密密钥',
    [TID_RULE]: '请输入 8 位大写字母或数字的 TID',
  },
};

/**
 * One provider's configuration page (/{provider}-config), declared from this one
 * template for each of the 23 providers of §2: the rows of `tpa_provider_configs` whose provider is
 * it (`fixed`), owned by a merchant HQ or branch, its route permission `tpaconfig:{provider}` and
 * its actions that permission with the action appended (tpaconfig:m1update …). Platform-only.
 */
function providerResource(provider: (typeof TPA_CONFIG_PROVIDERS)[number]) {
  return defineResource({
    name: tpaConfigResourceName(provider),
    path: `/${provider}-config`,
    module: 'tpaconfig',
    viewPermission: `tpaconfig:${provider.toLowerCase().replace(/-/g, '')}`,
    table: 'tpa_provider_configs',
    fixed: { provider },
    scope: 'owned',
    ownerLevels: ['MERCHANT_HQ', 'MERCHANT_BRANCH'],
    titleKey: `nav.${provider}-config`,
    titleField: 'ProviderMid',
    fields: providerFields,
    actions: ['create', 'update', 'setStatus', 'delete', 'export'],
    defaultSort: { Field: 'ProviderMid', Order: 'asc' },
    description: `${provider} configuration: per merchant or terminal, the provider's MID and TID, service and QR mode, enabled products, API address and credentials (sealed, answered masked).`,
    texts: TEXTS,
  });
}

/** The 23 provider pages, in §2 order. */
export const TPA_PROVIDER_RESOURCES = TPA_CONFIG_PROVIDERS.map(providerResource);

/**
 * /tpa-bulk-upload-terminal-config: every provider's terminal mappings at once, to upload in bulk:
 * one file row per mapping, with its Provider; the engine's BulkUpload checks
 * every row with this schema and writes all of them or none, answering each failing row's number,
 * field and message (the per-row report). A row updates the mapping of its owner, Provider and
 * TerminalTid (none: the merchant's own mapping) when one exists in scope; a mapping is also edited from the list. Route permission
 * `tpaconfig:bulkupload`; edit and export `tpaconfig:bulkuploadupdate`, `tpaconfig:bulkuploadexport`.
 */
export const tpaTerminalConfigResource = defineResource({
  name: 'TpaTerminalConfig',
  path: '/tpa-bulk-upload-terminal-config',
  module: 'tpaconfig',
  viewPermission: 'tpaconfig:bulkupload',
  table: 'tpa_provider_configs',
  scope: 'owned',
  ownerLevels: ['MERCHANT_HQ', 'MERCHANT_BRANCH'],
  titleKey: 'nav.tpa-bulk-upload-terminal-config',
  titleField: 'ProviderMid',
  fields: {
    Provider: select('provider', 'res.tpaConfig.provider', TPA_CONFIG_PROVIDERS.map((p) => ({ value: p, labelKey: `nav.${p}-config` })), { list: true, filter: 'eq', sortable: true }),
    ...providerFields,
  },
  actions: ['update', 'bulkUpload', 'export'],
  defaultSort: { Field: 'Provider', Order: 'asc' },
  naturalKey: ['OrgId', 'Provider', 'TerminalTid'],
  description: 'Terminal-to-provider mappings of every provider, for bulk upload (all rows or none, with a per-row error report) and export.',
  texts: TEXTS,
});
