import { z } from 'zod';
import { TERMINAL_MACHINE, TERMINAL_STATUSES } from '@paydesk/domain';
import type { FieldDef } from '../define.ts';
import { defineResource } from '../define.ts';
import { select, text } from '../fields.ts';
import { codeOptions } from './b-fields.ts';
import { reference } from './config-a-common.ts';


const TID_RULE = 'enter the 8 capital letters or digits of the TID';
const MID_RULE = 'enter up to 15 capital letters or digits';

/** A value the terminal reports (read-only here): its last contact, its firmware. */
const reported = (column: string, labelKey: string, input: 'datetime' | 'text'): FieldDef => ({ column, labelKey, input, schema: z.string(), readOnly: true, optional: true, list: true, sortable: true });

/**
 * /terminal-management: the payment terminals deployed at merchants. A
 * terminal belongs to a merchant HQ or one of its branches (owned: the merchant side sees the
 * terminals of its subtree). Where the spec is silent:
 *  - Tid is the terminal ID the acquirer assigned (8 characters, natural key); Mid the merchant ID
 *    at that acquirer (up to 15 characters, ISO 8583 field 42);
 *  - SerialNo names the device in /master-devices that carries it (optional until deployed; a
 *    serial not in the inventory is refused); Model is one of the terminal models (GetTerminalModel);
 *  - Status is the terminal's life at the merchant (pending, active, suspended, decommissioned);
 *  - LastSeenAt and FirmwareVersion are what the terminal last reported (read-only).
 * Only the platform writes terminals (the merchant side views and exports them).
 */
export const terminalResource = defineResource({
  name: 'Terminal',
  path: '/terminal-management',
  module: 'terminal',
  table: 'terminals',
  scope: 'owned',
  ownerLevels: ['MERCHANT_HQ', 'MERCHANT_BRANCH'],
  titleKey: 'nav.terminal-management',
  titleField: 'Tid',
  fields: {
    Tid: text('tid', 'res.terminal.tid', { max: 8, list: true, filter: 'eq', sortable: true, pattern: [/^[A-Z0-9]{8}$/, TID_RULE] }),
    SerialNo: text('serial_no', 'res.terminal.serialNo', { max: 40, list: true, filter: 'contains', optional: true }),
    Model: { ...text('model', 'res.terminal.model', { max: 100, list: true, filter: 'eq', sortable: true, lookup: 'terminalModels' }), input: 'select' },
    AcquirerId: reference('acquirer_id', 'res.terminal.acquirer', 'acquirersByServiceType', { list: true, filter: 'eq' }),
    Mid: text('mid', 'res.terminal.mid', { max: 15, list: true, filter: 'eq', sortable: true, pattern: [/^[A-Z0-9]{1,15}$/, MID_RULE] }),
    // Read-only: a new terminal starts PENDING (the column's default) and moves only by the lifecycle's commands.
    TerminalStatus: select('status', 'res.terminal.status', codeOptions(TERMINAL_STATUSES, 'res.terminal.status'), { list: true, filter: 'in', sortable: true, readOnly: true, optional: true }),
    LastSeenAt: reported('last_seen_at', 'res.terminal.lastSeenAt', 'datetime'),
    FirmwareVersion: reported('firmware_version', 'res.terminal.firmwareVersion', 'text'),
  },
  // One status: the lifecycle's TerminalStatus (no active switch beside it).
  actions: ['create', 'update', 'delete', 'export', 'bulkUpload'],
  // The terminal's life (domain TERMINAL_MACHINE): each step a command, kept in the terminal's history.
  lifecycle: {
    field: 'TerminalStatus',
    machine: TERMINAL_MACHINE,
    commands: [
      { name: 'PutInService', labelKey: 'res.terminal.cmd.putInService', action: 'PUT_IN_SERVICE' },
      { name: 'Suspend', labelKey: 'res.terminal.cmd.suspend', action: 'SUSPEND', confirm: true },
      { name: 'Resume', labelKey: 'res.terminal.cmd.resume', action: 'RESUME' },
      { name: 'Decommission', labelKey: 'res.terminal.cmd.decommission', action: 'DECOMMISSION', confirm: true },
    ],
  },
  defaultSort: { Field: 'Tid', Order: 'asc' },
  naturalKey: 'Tid',
  dependents: [{ table: 'tpa_provider_configs', column: 'terminal_tid', key: 'Tid', labelKey: 'provider configurations' }],
  description: 'Payment terminals at merchants: TID (natural key), device serial, model, acquirer and MID, status, last contact and firmware (reported).',
  texts: {
    en: {
      'res.terminal.cmd.putInService': 'Put in service',
      'res.terminal.cmd.suspend': 'Suspend',
      'res.terminal.cmd.resume': 'Resume',
      'res.terminal.cmd.decommission': 'Decommission',
      'res.terminal.tid': 'TID',
      'res.terminal.serialNo': 'Device serial number',
      'res.terminal.model': 'Model',
      'res.terminal.acquirer': 'Acquirer',
      'res.terminal.mid': 'MID',
      'res.terminal.status': 'Terminal status',
      'res.terminal.status.PENDING': 'Pending',
      'res.terminal.status.ACTIVE': 'Active',
      'res.terminal.status.SUSPENDED': 'Suspended',
      'res.terminal.status.DECOMMISSIONED': 'Decommissioned',
      'res.terminal.lastSeenAt': 'Last seen',
      'res.terminal.firmwareVersion': 'Firmware',
      [TID_RULE]: TID_RULE,
      [MID_RULE]: MID_RULE,
    },
    ms: {
      'res.terminal.cmd.putInService': 'Mula beroperasi',
      'res.terminal.cmd.suspend': 'Gantung',
      'res.terminal.cmd.resume': 'Sambung semula',
      'res.terminal.cmd.decommission': 'Tarik balik',
      'res.terminal.tid': 'TID',
      'res.terminal.serialNo': 'Nombor siri peranti',
      'res.terminal.model': 'Model',
      'res.terminal.acquirer': 'Pemeroleh',
      'res.terminal.mid': 'MID',
      'res.terminal.status': 'Status terminal',
      'res.terminal.status.PENDING': 'Belum aktif',
      'res.terminal.status.ACTIVE': 'Aktif',
      'res.terminal.status.SUSPENDED': 'Digantung',
      'res.terminal.status.DECOMMISSIONED': 'Ditarik balik',
      'res.terminal.lastSeenAt': 'Kali terakhir dilihat',
      'res.terminal.firmwareVersion': 'Perisian tegar',
      [TID_RULE]: 'masukkan 8 huruf besar atau digit TID',
      [MID_RULE]: 'masukkan sehingga 15 huruf besar atau digit',
    },
    zh: {
      'res.terminal.cmd.putInService': '投入使用',
      'res.terminal.cmd.suspend': '暂停',
      'res.terminal.cmd.resume': '恢复',
      'res.terminal.cmd.decommission': '撤回',
      'res.terminal.tid': 'TID',
      'res.terminal.serialNo': '设备序列号',
      'res.terminal.model': '型号',
      'res.terminal.acquirer': '收单行',
      'res.terminal.mid': 'MID',
      'res.terminal.status': '终端状态',
      'res.terminal.status.PENDING': '待启用',
      'res.terminal.status.ACTIVE': '使用中',
      'res.terminal.status.SUSPENDED': '已暂停',
      'res.terminal.status.DECOMMISSIONED': '已撤回',
      'res.terminal.lastSeenAt': '最后在线',
      'res.terminal.firmwareVersion': '固件',
      [TID_RULE]: '请输入 8 位大写字母或数字的 TID',
      [MID_RULE]: '请输入最多 15 位大写字母或数字',
    },
  },
});
