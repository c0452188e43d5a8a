/**
 * The merchant upload template, an XLSX of three sheets:
 *  - Merchants: the header row (MERCHANT_UPLOAD_COLUMNS, required ones bold), one example row a
 *    user overwrites, frozen header, and list validations on every coded column down to row
 *    MERCHANT_UPLOAD_MAX_ROWS + 1, fed from the Lists sheet (an invalid pick is refused by Excel
 *    and LibreOffice with the column's help as the message);
 *  - Help: what each column takes, whether it is required, and an example;
 *  - Lists: the codes the caller may use — its own agents ("id - name"), company types, natures
 *    of business (MCC and name), the 16 states, person roles, ID types, banks (code and name),
 *    account types.
 * Built with exceljs (the reader's library) in memory: a few hundred KB at most.
 */
import ExcelJS from 'exceljs';
import { MERCHANT_UPLOAD_COLUMNS, MERCHANT_UPLOAD_MAX_ROWS, type MerchantUploadColumn } from '@paydesk/contract';
import { ACCOUNT_TYPES, COMPANY_TYPE_VALUES, ID_TYPES, MALAYSIAN_STATES, PERSON_ROLES } from '@paydesk/domain';
import type { Query } from '../../db/client.ts';
import { subtreeSql, type Scope } from '../../platform/scope.ts';
import { columnLetters } from '../../platform/sheet-write-xlsx.ts';

/** What each column takes and an example (the Help sheet; the validation prompts). */
const HELP: Record<MerchantUploadColumn, [string, string]> = {
  Agent: ['The agent the merchant is onboarded under: pick from the list (id - name) or type its id.', ''],
  Name: ['Company name as registered with SSM, at most 150 characters.', 'Kedai Runcit Maju Sdn Bhd'],
  RegNo: ['The 12-digit SSM registration number (YYYYTTNNNNNN).', '201901012345'],
  RegNoOld: ['The old SSM number, if any (e.g. 1234567-K).', '1234567-K'],
  CompanyType: ['A company type code from the list.', 'SDN_BHD'],
  BusinessCategory: ['The 4-digit MCC of the nature of business (Lists sheet).', '5411'],
  Address1: ['Street address, at most 150 characters.', 'No 12, Jalan Maju 3'],
  Address2: ['Second address line, optional.', 'Taman Maju'],
  Postcode: ['5-digit Malaysian postcode.', '47301'],
  State: ['A state from the list.', 'Selangor'],
  City: ["A city of the chosen state (as the /merchant form's city list spells it).", 'Petaling Jaya'],
  Phone: ['Company phone; Malaysian numbers may omit +60.', '03-7955 1234'],
  Email: ['Company e-mail.', 'admin@kedai-maju.my'],
  Website: ['Website, optional (https://…).', 'https://kedai-maju.my'],
  PersonName: ['Full name of the first person (a director, shareholder or authorized person).', 'Siti Aminah binti Ahmad'],
  PersonRole: ['A person role code from the list.', 'DIRECTOR'],
  PersonIdType: ['An ID type code from the list.', 'NRIC'],
  PersonIdNo: ['NRIC as YYMMDD-PB-###G (a real date and place-of-birth code), a passport number, or an SSM number.', '850315-14-5678'],
  PersonPhone: ["The person's phone, optional.", '012-345 6789'],
  PersonEmail: ["The person's e-mail, optional.", 'siti@kedai-maju.my'],
  BankCode: ['The bank code of the settlement account (Lists sheet).', 'MBB'],
  AccountType: ['An account type code from the list.', 'CORPORATE'],
  AccountName: ['Account holder name, at most 100 characters.', 'Kedai Runcit Maju Sdn Bhd'],
  AccountNo: ['Account number, 6 to 20 digits (spaces and dashes are ignored).', '514012345678'],
  SettlementDays: ['T+X settlement: X business days, 0 to 30; empty for T+1.', '1'],
};

/** The Lists sheet's columns and the template column each feeds. */
interface ListColumn {
  title: string;
  values: string[];
  /** A second column shown beside the codes (names), not validated. */
  names?: string[];
  feeds?: MerchantUploadColumn;
}

async function listsOf(q: Query, scope: Scope): Promise<ListColumn[]> {
  const sub = subtreeSql(scope, 'o', 1);
  const agents = await q<{ id: number; name: string }>(`SELECT o.id, o.name FROM organizations o WHERE o.level = 'AGENT' AND o.is_active = 1 AND ${sub.text} ORDER BY o.name, o.id LIMIT 5000`, sub.values);
  const mccs = await q<{ mcc: string; name: string }>(`SELECT mcc, category_name AS name FROM business_categories WHERE is_active = 1 ORDER BY mcc`);
  const banks = await q<{ bank_code: string; bank_name: string }>(`SELECT bank_code, bank_name FROM banks WHERE is_active = 1 ORDER BY sort_order, bank_name`);
  return [
    { title: 'Agent', values: agents.map((a) => `${a.id} - ${a.name}`), feeds: 'Agent' },
    { title: 'CompanyType', values: [...COMPANY_TYPE_VALUES], feeds: 'CompanyType' },
    { title: 'BusinessCategory', values: mccs.map((m) => m.mcc), names: mccs.map((m) => m.name), feeds: 'BusinessCategory' },
    { title: 'State', values: MALAYSIAN_STATES.map((s) => s.name), feeds: 'State' },
    { title: 'PersonRole', values: [...PERSON_ROLES], feeds: 'PersonRole' },
    { title: 'PersonIdType', values: [...ID_TYPES], feeds: 'PersonIdType' },
    { title: 'BankCode', values: banks.map((b) => b.bank_code), names: banks.map((b) => b.bank_name), feeds: 'BankCode' },
    { title: 'AccountType', values: [...ACCOUNT_TYPES], feeds: 'AccountType' },
  ];
}

/** Minimal shape of exceljs's worksheet data validations (not in its type declarations). */
interface DataValidations {
  add(range: string, validation: Record<string, unknown>): void;
}

/**
 * Builds the template for `scope` (its agents in the Agent list). Answers the XLSX bytes.
 * Throws the database's error.
 */
export async function merchantUploadTemplate(q: Query, scope: Scope): Promise<Buffer> {
  const lists = await listsOf(q, scope);
  const wb = new ExcelJS.Workbook();
  wb.creator = 'Paydesk';
  const sheet = wb.addWorksheet('Merchants', { views: [{ state: 'frozen', ySplit: 1 }] });
  const help = wb.addWorksheet('Help');
  const listSheet = wb.addWorksheet('Lists');

  // Lists: each list in its own column (with its names beside it where it has them).
  const listRange = new Map<MerchantUploadColumn, string>();
  let col = 1;
  for (const l of lists) {
    const letter = columnLetters(col - 1);
    listSheet.getCell(`${letter}1`).value = l.title;
    listSheet.getCell(`${letter}1`).font = { bold: true };
    l.values.forEach((v, i) => (listSheet.getCell(`${letter}${i + 2}`).value = v));
    listSheet.getColumn(col).width = Math.min(40, Math.max(12, ...l.values.map((v) => v.length + 2)));
    if (l.feeds && l.values.length) listRange.set(l.feeds, `Lists!$${letter}$2:$${letter}$${l.values.length + 1}`);
    if (l.names) {
      const nameLetter = columnLetters(col);
      listSheet.getCell(`${nameLetter}1`).value = `${l.title} name`;
      l.names.forEach((n, i) => (listSheet.getCell(`${nameLetter}${i + 2}`).value = n));
      listSheet.getColumn(col + 1).width = 40;
      col++;
    }
    col++;
  }

  // Merchants: header, example row, validations.
  const last = MERCHANT_UPLOAD_MAX_ROWS + 1;
  const validations = (sheet as unknown as { dataValidations: DataValidations }).dataValidations;
  MERCHANT_UPLOAD_COLUMNS.forEach((c, i) => {
    const letter = columnLetters(i);
    const head = sheet.getCell(`${letter}1`);
    head.value = c.key;
    head.font = { bold: c.required };
    head.note = `${c.required ? 'Required. ' : 'Optional. '}${HELP[c.key][0]}`;
    sheet.getColumn(i + 1).width = Math.max(14, c.key.length + 4);
    const example = c.key === 'Agent' ? (lists[0]!.values[0] ?? '') : HELP[c.key][1];
    // Text cells, so Excel keeps leading zeros of registration and account numbers.
    sheet.getColumn(i + 1).numFmt = '@';
    sheet.getCell(`${letter}2`).value = example;
    const range = listRange.get(c.key);
    if (range) {
      validations.add(`${letter}2:${letter}${last}`, {
        type: 'list', allowBlank: !c.required, formulae: [range], showErrorMessage: true, errorStyle: 'stop',
        errorTitle: c.key, error: HELP[c.key][0], showInputMessage: true, promptTitle: c.key, prompt: HELP[c.key][0].slice(0, 250),
      });
    }
  });

  help.columns = [
    { header: 'Column', key: 'column', width: 20 },
    { header: 'Required', key: 'required', width: 10 },
    { header: 'What it takes', key: 'what', width: 90 },
    { header: 'Example', key: 'example', width: 30 },
  ];
  help.getRow(1).font = { bold: true };
  for (const c of MERCHANT_UPLOAD_COLUMNS) help.addRow({ column: c.key, required: c.required ? 'Yes' : 'No', what: HELP[c.key][0], example: HELP[c.key][1] });
  help.addRow({});
  help.addRow({ column: 'Rules', what: `One row per merchant HQ, at most ${MERCHANT_UPLOAD_MAX_ROWS} rows. The file is applied whole or not at all: if any row has an error, no merchant is created and every error is listed with its row and column.` });
  help.addRow({ what: 'Each merchant is created PENDING with you as its maker, with this person and this bank account (primary); add more persons, accounts and documents on /merchant, then submit it for review.' });
  help.addRow({ what: 'Delete the example row before uploading. The columns may be in any order; keep the header names.' });

  return Buffer.from(await wb.xlsx.writeBuffer());
}
