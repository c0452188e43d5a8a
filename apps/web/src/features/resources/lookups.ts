/**
 * The lookups a declared field may pick from (`FieldDef.lookup`, a route name of the contract's
 * lookups), over the cached lookup hooks of `store/api.ts`. Each adapter says how an entry is
 * labelled and which of its properties is the value by default.
 *
 * Which property of an entry a field stores (`valueKey`): the one named like the field when the
 * adapter offers it (a `CategoryCode` field stores the category's CategoryCode), else the first of
 * the adapter's keys whose value the field's own schema accepts (an `MdrCategoryId` field stores a
 * category's `Id`; a `PaymentProducts` list of product codes stores `ProductCode`, not the id).
 */
import type { TFunction } from 'i18next';
import type { FieldDef } from '@paydesk/contract';
import { skipToken, type SkipToken } from '@reduxjs/toolkit/query';
import {
  useAcquirersByServiceTypeQuery,
  useBankListQuery,
  useCardSchemeTypesQuery,
  useCountryListQuery,
  useCurrenciesQuery,
  useMasterMerchantListQuery,
  useMdrCategorySearchQuery,
  useMessageTemplateKeysQuery,
  usePaymentMethodListQuery,
  usePaymentProductListQuery,
  useRiskViolationOptionsQuery,
  useServiceTypeListQuery,
  useSubscriptionCompanyListQuery,
  useTerminalModelsQuery,
  useUserGroupListQuery,
  useUserTypeSelectionQuery,
} from '../../store/api.ts';
import type { LookupResult } from '../../shared/lookup-select.tsx';
import { useResourceSearchQuery } from './resource-api.ts';

export type LookupEntry = Readonly<Record<string, unknown>>;

export interface LookupAdapter {
  /**
   * The cached list. A lookup without arguments ignores `arg` (asked with its defaults); one that
   * takes them (FieldDef.lookupArgs) gets them as an object, and waits while `arg` is skipToken or
   * missing.
   */
  useEntries: (arg?: unknown | SkipToken) => LookupResult<LookupEntry>;
  /** Properties that can be a field's value, by preference (an id first, then a code). */
  keys: readonly string[];
  label: (entry: LookupEntry, t: TFunction) => string;
}

type Hook = (arg: never, options?: { skip?: boolean }) => { data?: unknown; isFetching: boolean };

/** A lookup hook as a LookupResult of plain entries (`wrap` turns a non-list answer into entries). */
function entries(hook: Hook, wrap: (data: unknown) => readonly LookupEntry[] = (d) => d as LookupEntry[]): LookupAdapter['useEntries'] {
  return function useEntries(arg?: unknown) {
    const skip = typeof arg === 'symbol';
    const { data, isFetching } = hook(undefined as never, { skip });
    return { data: data === undefined ? undefined : wrap(data), isFetching };
  };
}

/** How many terminals a TID picker offers: an organization's own terminals, sorted by TID. */
const TERMINAL_PICKER_ROWS = 500;

/** An organization's terminals (`{OrgId}`), through /terminal-management's own Search (scoped on the server). */
function useTerminalEntries(arg?: unknown): LookupResult<LookupEntry> {
  const narrowed = arg !== undefined && arg !== skipToken && typeof arg === 'object' ? (arg as Record<string, unknown>) : undefined;
  // currentData, not data: while another organization's terminals load, the last one's are not offered.
  const { currentData, isFetching } = useResourceSearchQuery(
    narrowed ? { name: 'Terminal', body: { PageIndex: 1, RowsPerPage: TERMINAL_PICKER_ROWS, SearchData: narrowed, Sort: { Field: 'Tid', Order: 'asc' } } } : skipToken,
  );
  return { data: currentData?.Items, isFetching };
}

const str = (v: unknown) => (v === null || v === undefined ? '' : String(v));
const withCode = (name: unknown, code: unknown) => (code ? `${str(name)} (${str(code)})` : str(name));
const strings = (d: unknown) => (d as string[]).map((Value) => ({ Value }));

export const LOOKUPS: Readonly<Record<string, LookupAdapter>> = {
  bankList: { useEntries: entries(useBankListQuery as Hook), keys: ['Id', 'BankCode'], label: (e) => withCode(e.BankName, e.BankCode) },
  paymentProductList: { useEntries: entries(usePaymentProductListQuery as Hook), keys: ['PaymentProductId', 'ProductCode'], label: (e) => withCode(e.ProductName, e.ProductCode) },
  mdrCategorySearch: {
    useEntries: entries(useMdrCategorySearchQuery as Hook),
    keys: ['Id', 'CategoryCode'],
    label: (e, t) => `${withCode(e.CategoryName, e.CategoryCode)} · ${t(`enum.serviceType.${str(e.ServiceType)}`)}`,
  },
  messageTemplateKeys: { useEntries: entries(useMessageTemplateKeysQuery as Hook), keys: ['TemplateKey'], label: (e) => (e.Description ? `${str(e.TemplateKey)} — ${str(e.Description)}` : str(e.TemplateKey)) },
  countryList: { useEntries: entries(useCountryListQuery as Hook), keys: ['Alpha3', 'CountryName'], label: (e) => str(e.CountryName) },
  userTypeSelection: { useEntries: entries(useUserTypeSelectionQuery as Hook), keys: ['Value'], label: (e) => str(e.DisplayName) },
  userGroupList: { useEntries: entries(useUserGroupListQuery as Hook), keys: ['Id', 'Name'], label: (e) => str(e.Name) },
  paymentMethodList: { useEntries: entries(usePaymentMethodListQuery as Hook), keys: ['Code'], label: (e, t) => t(`enum.paymentMethod.${str(e.Code)}`, { defaultValue: str(e.Name) }) },
  subscriptionCompanyList: { useEntries: entries(useSubscriptionCompanyListQuery as Hook), keys: ['Id', 'CompanyName'], label: (e) => str(e.CompanyName) },
  serviceTypeList: { useEntries: entries(useServiceTypeListQuery as Hook), keys: ['ServiceType'], label: (e, t) => t(`enum.serviceType.${str(e.ServiceType)}`, { defaultValue: str(e.Name) }) },
  acquirersByServiceType: { useEntries: entries(useAcquirersByServiceTypeQuery as Hook), keys: ['AcquirerId', 'AcqName'], label: (e) => str(e.AcqName) },
  riskViolationOptions: { useEntries: entries(useRiskViolationOptionsQuery as Hook), keys: ['Code'], label: (e) => str(e.Description) },
  masterMerchantList: { useEntries: entries(useMasterMerchantListQuery as Hook), keys: ['Id', 'CompanyName'], label: (e) => withCode(e.CompanyName, e.CompanyRegNo) },
  terminalModels: { useEntries: entries(useTerminalModelsQuery as Hook, strings), keys: ['Value'], label: (e) => str(e.Value) },
  cardSchemeTypes: { useEntries: entries(useCardSchemeTypesQuery as Hook, (d) => strings((d as { CardSchemes: string[] }).CardSchemes)), keys: ['Value'], label: (e) => str(e.Value) },
  currencies: { useEntries: entries(useCurrenciesQuery as Hook), keys: ['CurrencyCode'], label: (e) => str(e.CurrencyCode) },
  terminals: { useEntries: useTerminalEntries, keys: ['Tid'], label: (e) => (e.Model ? `${str(e.Tid)} · ${str(e.Model)}` : str(e.Tid)) },
};

export function lookupAdapter(name: string | undefined): LookupAdapter | undefined {
  return name ? LOOKUPS[name] : undefined;
}

/** The property of the adapter's entries that field `name` stores (see the header); `sample` is any entry. */
export function valueKey(adapter: LookupAdapter, name: string, field: Pick<FieldDef, 'schema' | 'input'>, sample: LookupEntry | undefined): string {
  if (adapter.keys.includes(name)) return name;
  const accepts = (v: unknown) => field.schema.safeParse(field.input === 'multiselect' ? [v] : v).success;
  return (sample && adapter.keys.find((k) => accepts(sample[k]))) ?? adapter.keys[0]!;
}

export function entryValue(entry: LookupEntry, key: string): string | number {
  const v = entry[key];
  return typeof v === 'number' ? v : str(v);
}
