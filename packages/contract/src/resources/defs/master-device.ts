import { defineResource } from '../define.ts';
import { select, text, textarea } from '../fields.ts';
import { codeOptions } from './b-fields.ts';

/** Where a device is in its life: in the warehouse, at a merchant, being repaired, or written off. */
export const DEVICE_STATUSES = ['IN_STOCK', 'DEPLOYED', 'REPAIR', 'RETIRED'] as const;

const IMEI_RULE = 'enter the 15 digits of the IMEI';
const ICCID_RULE = 'enter the 19 or 20 digits of the SIM card number (ICCID)';

/**
 * /master-devices: the terminal hardware inventory. Where the spec is silent:
 *  - SerialNo is the manufacturer's serial (natural key); Model is one of the terminal models
 *    (GetTerminalModel);
 *  - Imei identifies the device's mobile radio (15 digits), SimIccid and SimMsisdn the SIM card in
 *    it (optional: a device on Wi-Fi or Ethernet has none);
 *  - Status is where the device is in its life (in stock, deployed, in repair, retired); a device
 *    named by a terminal (/terminal-management) cannot be deleted — retire it instead;
 *  - its history (who changed it from what to what, when) is its audit trail.
 */
export const masterDeviceResource = defineResource({
  name: 'MasterDevice',
  path: '/master-devices',
  module: 'masterdevice',
  table: 'master_devices',
  scope: 'platform',
  titleKey: 'nav.master-devices',
  titleField: 'SerialNo',
  fields: {
    SerialNo: text('serial_no', 'res.masterDevice.serialNo', { max: 40, list: true, filter: 'contains', sortable: true }),
    Model: { ...text('model', 'res.masterDevice.model', { max: 100, list: true, filter: 'eq', sortable: true, lookup: 'terminalModels' }), input: 'select' },
    Imei: text('imei', 'res.masterDevice.imei', { max: 15, list: true, filter: 'contains', optional: true, pattern: [/^\d{15}$/, IMEI_RULE] }),
    SimIccid: text('sim_iccid', 'res.masterDevice.simIccid', { max: 20, optional: true, pattern: [/^\d{19,20}$/, ICCID_RULE] }),
    SimMsisdn: text('sim_msisdn', 'res.masterDevice.simMsisdn', { max: 20, optional: true, validator: 'phone' }),
    DeviceStatus: select('status', 'res.masterDevice.status', codeOptions(DEVICE_STATUSES, 'res.masterDevice.status'), { list: true, filter: 'in', sortable: true }),
    Notes: textarea('notes', 'res.masterDevice.notes', { max: 1000, optional: true }),
  },
  actions: ['create', 'update', 'setStatus', 'delete', 'export', 'bulkUpload'],
  // A device's moves through the inventory (server-side commands); deploying is the terminal's SerialNo.
  commands: [
    { name: 'SendToRepair', labelKey: 'res.masterDevice.cmd.sendToRepair', field: 'DeviceStatus', from: ['IN_STOCK', 'DEPLOYED'], to: 'REPAIR' },
    { name: 'ReturnToStock', labelKey: 'res.masterDevice.cmd.returnToStock', field: 'DeviceStatus', from: ['REPAIR'], to: 'IN_STOCK' },
    { name: 'Retire', labelKey: 'res.masterDevice.cmd.retire', field: 'DeviceStatus', from: ['IN_STOCK', 'REPAIR'], to: 'RETIRED', confirm: true },
  ],
  defaultSort: { Field: 'SerialNo', Order: 'asc' },
  naturalKey: 'SerialNo',
  dependents: [{ table: 'terminals', column: 'serial_no', key: 'SerialNo', labelKey: 'terminals' }],
  description: 'Terminal hardware inventory: serial (natural key), model, IMEI, SIM card (ICCID, number), status (in stock, deployed, repair, retired) and notes.',
  texts: {
    en: {
      'res.masterDevice.cmd.sendToRepair': 'Send to repair',
      'res.masterDevice.cmd.returnToStock': 'Return to stock',
      'res.masterDevice.cmd.retire': 'Retire',
      'res.masterDevice.serialNo': 'Serial number',
      'res.masterDevice.model': 'Model',
      'res.masterDevice.imei': 'IMEI',
      'res.masterDevice.simIccid': 'SIM card number (ICCID)',
      'res.masterDevice.simMsisdn': 'SIM phone number',
      'res.masterDevice.status': 'Device status',
      'res.masterDevice.status.IN_STOCK': 'In stock',
      'res.masterDevice.status.DEPLOYED': 'Deployed',
      'res.masterDevice.status.REPAIR': 'In repair',
      'res.masterDevice.status.RETIRED': 'Retired',
      'res.masterDevice.notes': 'Notes',
      [IMEI_RULE]: IMEI_RULE,
      [ICCID_RULE]: ICCID_RULE,
    },
    ms: {
      'res.masterDevice.cmd.sendToRepair': 'Hantar untuk dibaiki',
      'res.masterDevice.cmd.returnToStock': 'Kembalikan ke stok',
      'res.masterDevice.cmd.retire': 'Tamatkan',
      'res.masterDevice.serialNo': 'Nombor siri',
      'res.masterDevice.model': 'Model',
      'res.masterDevice.imei': 'IMEI',
      'res.masterDevice.simIccid': 'Nombor kad SIM (ICCID)',
      'res.masterDevice.simMsisdn': 'Nombor telefon SIM',
      'res.masterDevice.status': 'Status peranti',
      'res.masterDevice.status.IN_STOCK': 'Dalam stok',
      'res.masterDevice.status.DEPLOYED': 'Dipasang',
      'res.masterDevice.status.REPAIR': 'Dalam pembaikan',
      'res.masterDevice.status.RETIRED': 'Ditamatkan',
      'res.masterDevice.notes': 'Catatan',
      [IMEI_RULE]: 'masukkan 15 digit IMEI',
      [ICCID_RULE]: 'masukkan 19 atau 20 digit nombor kad SIM (ICCID)',
    },
    zh: {
      'res.masterDevice.cmd.sendToRepair': '送修',
      'res.masterDevice.cmd.returnToStock': '退回库存',
      'res.masterDevice.cmd.retire': '报废',
      'res.masterDevice.serialNo': '序列号',
      'res.masterDevice.model': '型号',
      'res.masterDevice.imei': 'IMEI',
      'res.masterDevice.simIccid': 'SIM 卡号（ICCID）',
      'res.masterDevice.simMsisdn': 'SIM 电话号码',
      'res.masterDevice.status': '设备状态',
      'res.masterDevice.status.IN_STOCK': '库存中',
      'res.masterDevice.status.DEPLOYED': '已部署',
      'res.masterDevice.status.REPAIR': '维修中',
      'res.masterDevice.status.RETIRED': '已报废',
      'res.masterDevice.notes': '备注',
      [IMEI_RULE]: '请输入 15 位 IMEI',
      [ICCID_RULE]: '请输入 19 或 20 位 SIM 卡号（ICCID）',
    },
  },
});
