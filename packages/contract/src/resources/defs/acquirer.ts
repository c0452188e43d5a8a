import { SERVICE_TYPES } from '@paydesk/domain';
import { defineResource } from '../define.ts';
import { multiselect, text, textarea } from '../fields.ts';
import { UPPER_CODE } from './config-a-common.ts';

/**
 * Terminal categories of the terminal service type (2), the TxnCategory of
 * GetAcquirerByServiceType (§7, §9 default 0): 0 standard card terminal, 1 Android smart POS,
 * 2 unattended terminal / kiosk, 3 mPOS. The names are `TERMINAL_CATEGORIES` of the server's
 * reference data (apps/server/src/seed/reference-data.ts); a lookups test keeps the two equal.
 */
const TERMINAL_CATEGORY_CODES = [0, 1, 2, 3] as const;

/**
 * What an acquirer can serve, as "serviceType:terminalCategory" codes: the terminal service type
 * (2) on each terminal category ('2:0' … '2:3', labelled `res.acquirer.service.2:N`), every other
 * service type with category 0 ('1:0', '3:0' …, labelled `enum.serviceType.N`).
 */
export const ACQUIRER_SERVICE_OPTIONS = SERVICE_TYPES.flatMap((s) =>
  (s.code === 2 ? TERMINAL_CATEGORY_CODES : [0]).map((tc) => ({ value: `${s.code}:${tc}`, labelKey: s.code === 2 ? `res.acquirer.service.2:${tc}` : s.labelKey })),
);

/**
 * /acquirer: the acquiring banks (§3 Acquirer: AcquirerId, AcqName) and what each serves, the
 * source of GetAcquirerByServiceType (§7). Where the spec is silent:
 *  - Code is the natural key (BulkUpload updates by it), a short capital code (MBB, CIMB);
 *  - Description is free text (contract notes, contact);
 *  - Services: the service types and terminal categories the acquirer serves, one multiselect of
 *    ACQUIRER_SERVICE_OPTIONS stored in acquirers.services (text[]; "1:0|2:0|2:1" in files).
 *    GetAcquirerByServiceType with TxnCategory 0 answers the acquirers serving the service type
 *    on any category; with 1–3, those serving exactly that terminal category.
 * Transactions name their acquirer by id: delete is refused while any does; deactivate instead
 * (only active acquirers are offered).
 */
export const acquirerResource = defineResource({
  name: 'Acquirer',
  path: '/acquirer',
  module: 'acquirer',
  table: 'acquirers',
  scope: 'platform',
  titleKey: 'nav.acquirer',
  titleField: 'AcqName',
  fields: {
    AcqName: text('acq_name', 'res.acquirer.acqName', { max: 100, list: true, filter: 'contains', sortable: true }),
    Code: text('code', 'res.acquirer.code', { max: 20, list: true, filter: 'contains', sortable: true, pattern: UPPER_CODE }),
    Description: textarea('description', 'res.acquirer.description', { max: 1000, optional: true }),
    Services: multiselect('services', 'res.acquirer.services', ACQUIRER_SERVICE_OPTIONS, { list: true, optional: true, helpKey: 'res.acquirer.services.help' }),
  },
  actions: ['create', 'update', 'setStatus', 'delete', 'export', 'bulkUpload'],
  defaultSort: { Field: 'AcqName', Order: 'asc' },
  naturalKey: 'Code',
  dependents: [
    { table: 'transactions', column: 'acquirer_id', labelKey: 'transactions' },
    { table: 'terminals', column: 'acquirer_id', labelKey: 'terminals' },
  ],
  description:
    'Acquiring banks: name, capital code (natural key), description and the service types / terminal categories they serve ("serviceType:terminalCategory" codes), the source of GetAcquirerByServiceType.',
});
