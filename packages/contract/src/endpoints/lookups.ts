/**
 * Lookup endpoints (§3 lookup entities, §7 Lookups, §9). Field names are the spec's where it gives
 * them; where it does not, the choice is written beside the schema.
 */
import { z } from 'zod';
import { INT4_MAX } from '../common.ts';

const optId = z.union([z.number().int().positive().max(INT4_MAX), z.string().regex(/^\d{1,10}$/, 'enter number only').transform(Number).pipe(z.number().max(INT4_MAX))]).optional();
const optText = z.string().trim().max(250).optional();

/** POST /api/portal/Bank/GetBankList {Id, BankName, Country}: only active banks are offered (§9). */
export const BankListRequest = z.object({ Id: optId, BankName: optText, Country: z.string().trim().max(60).optional() });
/** §3 Bank: Id, BankName, IsActive, Country; plus BankCode (the FPX bank code) and SwiftCode. */
export const BankItem = z.object({ Id: z.number().int(), BankName: z.string(), IsActive: z.number().int(), Country: z.string(), BankCode: z.string().nullable(), SwiftCode: z.string().nullable() });
export const BankListResponse = z.array(BankItem);

/** §3 Company type option shape {DisplayName, Value}, used for user types (the six group types). */
export const SelectionOption = z.object({ DisplayName: z.string(), Value: z.string() });
export const UserTypeSelectionResponse = z.array(SelectionOption);

/** Portal user groups the caller may assign: SUPERADMIN sees all; others their own type and below. */
export const UserGroupListResponse = z.array(z.object({ Id: z.number().int(), Name: z.string(), GroupType: z.string(), IsActive: z.number().int() }));

/** §9 payment method codes with a display name. */
export const PaymentMethodListResponse = z.array(z.object({ Code: z.string(), Name: z.string() }));

/** §3 Payment product. `:ServiceType` 0 = every service type. Active products only. */
export const PaymentProductParams = z.object({ ServiceType: z.coerce.number().int().min(0).max(6) });
export const PaymentProductItem = z.object({ PaymentProductId: z.number().int(), ProductName: z.string(), ServiceType: z.number().int(), CategoryCode: z.string(), ProductCode: z.string() });
export const PaymentProductListResponse = z.array(PaymentProductItem);

/** §7 MDRCategory/Search {PageIndex 1, RowsPerPage 999, SearchData}; §3: answers Entities; filters ServiceType, CategoryCode, IsActive. */
export const MdrCategorySearchRequest = z.object({
  PageIndex: z.coerce.number().int().min(1).max(100_000).default(1),
  RowsPerPage: z.coerce.number().int().min(1).max(999).default(999),
  SearchData: z
    .object({ ServiceType: z.coerce.number().int().min(1).max(6).optional(), CategoryCode: z.string().trim().max(20).optional(), IsActive: z.coerce.number().pipe(z.union([z.literal(0), z.literal(1)])).optional() })
    .default({}),
});
export const MdrCategoryItem = z.object({ Id: z.number().int(), CategoryCode: z.string(), CategoryName: z.string(), ServiceType: z.number().int(), IsActive: z.number().int() });
export const MdrCategorySearchResponse = z.object({ Entities: z.array(MdrCategoryItem), TotalRecords: z.number().int(), PageIndex: z.number().int(), RowsPerPage: z.number().int() });

/** Companies that can hold a subscription: active merchant HQs inside the caller's subtree. */
export const SubscriptionCompanyListResponse = z.array(z.object({ Id: z.number().int(), CompanyName: z.string(), CompanyRegNo: z.string().nullable() }));

/** §4 service types 1–6. */
export const ServiceTypeListResponse = z.array(z.object({ ServiceType: z.number().int(), Name: z.string() }));

/** §3 Country {CountryName, Alpha3}. */
export const CountryListResponse = z.array(z.object({ CountryName: z.string(), Alpha3: z.string() }));

/** Message template keys with the placeholders a body may use. */
export const MessageTemplateKeyResponse = z.array(z.object({ TemplateKey: z.string(), Description: z.string(), Placeholders: z.array(z.string()) }));

/** §3 Card BIN: CardSchemes and CardTypes lists. */
export const CardSchemeTypeResponse = z.object({ CardSchemes: z.array(z.string()), CardTypes: z.array(z.string()) });

/** §7 {ServiceType default 2, TxnCategory default 0} → §3 Acquirer {AcquirerId, AcqName}. */
export const AcquirerByServiceTypeRequest = z.object({
  ServiceType: z.coerce.number().int().min(1).max(6).default(2),
  /** Terminal category: 0 standard card terminal (as a filter: every category), 1 Android smart POS, 2 kiosk, 3 mPOS. */
  TxnCategory: z.coerce.number().int().min(0).max(3).default(0),
});
export const AcquirerByServiceTypeResponse = z.array(z.object({ AcquirerId: z.number().int(), AcqName: z.string() }));

/** §3 Risk violation option {Code, Description}: the risk alert rules of §9. */
export const RiskViolationOptionsResponse = z.array(z.object({ Code: z.string(), Description: z.string() }));

/** §7 {CompanyRegNo, CompanyName, ServiceType} → §3 Master merchant, inside the caller's subtree. */
export const MasterMerchantListRequest = z.object({ CompanyRegNo: optText, CompanyName: optText, ServiceType: z.coerce.number().int().min(1).max(6).optional() });
export const MasterMerchantListResponse = z.array(z.object({ Id: z.number().int(), CompanyName: z.string(), IsActive: z.number().int(), CompanyRegNo: z.string().nullable() }));

/** §3 Terminal model list {Models}. */
export const TerminalModelResponse = z.object({ Models: z.array(z.string()) });

/**
 * The portal's own country service (§7 external country service), answering in the shape of the
 * public countries/states API the original client called: `{error, msg, data}`.
 */
export const CountryStatesRequest = z.object({ country: z.string().trim().min(1).max(60) });
export const CountryStatesResponse = z.object({
  error: z.boolean(),
  msg: z.string(),
  data: z.object({ name: z.string(), iso3: z.string(), states: z.array(z.object({ name: z.string(), state_code: z.string() })) }),
});
export const StateCitiesRequest = z.object({ country: z.string().trim().min(1).max(60), state: z.string().trim().min(1).max(80) });
export const StateCitiesResponse = z.object({ error: z.boolean(), msg: z.string(), data: z.array(z.string()) });
