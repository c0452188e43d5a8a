/**
 * The resource engine's contract suite: runs over EVERY declared resource — create →
 * search finds it → get → update → a stale update is refused → export contains it → deactivate →
 * delete; a caller without the permission is refused at each step; for owned resources another
 * tenant can neither see nor change the record; bad input gets a 4xx naming the field.
 */
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RESOURCES, resourceLabel, resourcePermission, type PortalClient, type ResourceDef } from '@paydesk/contract';
import { defaultPermissions } from '@paydesk/domain';
import { DATABASES, errorOf, startTestServer, type TestServer } from './harness.ts';
import { SAMPLE_GAPS, SAMPLES } from './resource-samples.ts';
import { resourceFileProblems } from '../resource-file-check.ts';
import { idReferences } from '../../src/engine/reference-names.ts';
import { sheetColumns } from '../../src/engine/sheet-columns.ts';

/**
 * The XLSX file with column `index` (0-based) replaced by `text` in the fullest data row filling
 * it (a record, not an unconfigured owner of a list over owners); null when no row fills it.
 */
async function withCell(file: ArrayBuffer, index: number, text: string): Promise<ArrayBuffer | null> {
  if (index < 0) return null;
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(file);
  let fullest: ExcelJS.Row | undefined;
  const filled = (row: ExcelJS.Row) => (row.values as unknown[]).filter((v) => v !== null && v !== undefined && v !== '').length;
  wb.worksheets[0]!.eachRow((row, n) => {
    if (n > 1 && row.getCell(index + 1).text && (!fullest || filled(row) > filled(fullest))) fullest = row;
  });
  if (!fullest) return null;
  fullest.getCell(index + 1).value = text;
  return (await wb.xlsx.writeBuffer()) as ArrayBuffer;
}

const api = (def: ResourceDef, op: string) => `/api/portal/${def.name}/${op}`;
type Item = Record<string, unknown> & { Id: number; Version: number; IsActive: number };

describe.each(DATABASES)('resource engine on %s', (kind) => {
  let s: TestServer;
  let admin: PortalClient;
  let nobody: PortalClient;
  let otherTenant: PortalClient;
  const owners = new Map<string, PortalClient>();

  beforeAll(async () => {
    s = await startTestServer({ kind, transactions: 300 });
    admin = await s.signIn('admin@paydesk.my');
    // A user whose group holds no permission at all.
    const [group] = await s.database.query<{ id: number }>(`INSERT INTO user_groups (name, group_type) VALUES ('No rights', 'MERCHANT_HQ') RETURNING id`);
    const [branch] = await s.database.query<{ id: number }>(`SELECT id FROM users WHERE email = 'branch@paydesk.my'`);
    const [hq] = await s.database.query<{ id: number }>(`SELECT org_id AS id FROM memberships WHERE user_id = $1`, [branch!.id]);
    await s.database.query(`UPDATE memberships SET is_default = false WHERE user_id = $1`, [branch!.id]);
    await s.database.query(`INSERT INTO memberships (user_id, org_id, group_id, is_default) VALUES ($1, $2, $3, true)`, [branch!.id, hq!.id, group!.id]);
    nobody = await s.signIn('branch@paydesk.my');
    // A master merchant of ANOTHER master merchant (the demo mm@ runs the first one).
    const [agencyUser] = await s.database.query<{ id: number }>(`SELECT id FROM users WHERE email = 'agency@paydesk.my'`);
    const [mm2] = await s.database.query<{ id: number }>(`SELECT id FROM organizations WHERE level = 'MASTER_MERCHANT' ORDER BY id DESC LIMIT 1`);
    const [mmGroup] = await s.database.query<{ id: number }>(`SELECT id FROM user_groups WHERE group_type = 'MASTER_MERCHANT' AND is_default`);
    await s.database.query(`UPDATE memberships SET is_default = false WHERE user_id = $1`, [agencyUser!.id]);
    await s.database.query(`INSERT INTO memberships (user_id, org_id, group_id, is_default) VALUES ($1, $2, $3, true)`, [agencyUser!.id, mm2!.id, mmGroup!.id]);
    otherTenant = await s.signIn('agency@paydesk.my');
    for (const sample of Object.values(SAMPLES)) await sample.prepare?.(s.database.query);
  });
  afterAll(async () => s.close());

  const ownerOf = async (def: ResourceDef): Promise<PortalClient> => {
    if (def.scope === 'platform') return admin;
    const email = SAMPLES[def.name]?.ownerEmail ?? 'mm@paydesk.my';
    if (!owners.has(email)) owners.set(email, await s.signIn(email));
    return owners.get(email)!;
  };

  /** A record to work on: created from create(i), or for a resource without Create the i-th seeded one. */
  const recordOf = async (def: ResourceDef, c: PortalClient, i: number): Promise<{ item: Item; input: Record<string, unknown> }> => {
    const sample = SAMPLES[def.name]!;
    if (def.actions.includes('create')) {
      const input = sample.create(i);
      return { item: await c.callPath<Item>('POST', api(def, 'Create'), input), input };
    }
    const found = await c.callPath<{ Items: Item[] }>('POST', api(def, 'Search'), { PageIndex: 1, RowsPerPage: 999, SearchData: sample.existing ?? {} });
    const item = found.Items[(i - 1) % found.Items.length];
    if (!item) throw new Error(`${def.name}: no seeded record matches the sample's existing filter`);
    return { item, input: {} };
  };

  it('has samples for every declared resource, declared or derived from its field kinds', () => {
    expect(SAMPLE_GAPS).toEqual({});
    for (const def of RESOURCES) expect(SAMPLES[def.name], def.name).toBeDefined();
  });

  it('holds an index led by every declared dependent column, so a delete probes it (EXISTS) instead of scanning', async () => {
    const dependents = RESOURCES.flatMap((def) => (def.dependents ?? []).map((d) => ({ def: def.name, ...d })));
    expect(dependents.length).toBeGreaterThan(0);
    const led = await s.database.query<{ tbl: string; col: string }>(
      `SELECT c.relname AS tbl, a.attname AS col FROM pg_index i JOIN pg_class c ON c.oid = i.indrelid
         JOIN pg_attribute a ON a.attrelid = i.indrelid AND a.attnum = i.indkey[0] WHERE c.relnamespace = 'public'::regnamespace`,
    );
    const indexed = new Set(led.map((r) => `${r.tbl}.${r.col}`));
    expect(dependents.filter((d) => !indexed.has(`${d.table}.${d.column}`)).map((d) => `${d.def} → ${d.table}.${d.column}`)).toEqual([]);
  });

  it('finds by every equality, in and range filter exactly the records holding the value, on the column (no text cast)', async () => {
    let checked = 0;
    for (const def of RESOURCES) {
      const c = await ownerOf(def);
      const all = (await c.callPath<{ Items: Item[] }>('POST', api(def, 'Search'), { PageIndex: 1, RowsPerPage: 999 })).Items.filter((i) => i.Id !== null);
      for (const [name, f] of Object.entries(def.fields)) {
        if (!f.filter || f.filter === 'contains' || f.secret) continue;
        const holder = all.find((i) => i[name] !== null && i[name] !== undefined && !(Array.isArray(i[name]) && (i[name] as unknown[]).length === 0));
        if (!holder) continue;
        const v = Array.isArray(holder[name]) ? (holder[name] as unknown[])[0] : holder[name];
        const value = f.filter === 'in' ? [v] : f.filter === 'range' ? { From: v, To: v } : v;
        const found = (await c.callPath<{ Items: Item[] }>('POST', api(def, 'Search'), { PageIndex: 1, RowsPerPage: 999, SearchData: { [name]: value } })).Items;
        const holds = (i: Item) => (Array.isArray(i[name]) ? (i[name] as unknown[]).map(String).includes(String(v)) : String(i[name]) === String(v));
        expect(found.map((i) => i.Id).sort(), `${def.name}.${name}`).toEqual(all.filter(holds).map((i) => i.Id).sort());
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(10);
  });

  // Declared commands: from every value of its field, each command runs exactly when the value is
  // one it moves from (then the field holds `to`, Version + 1, audited under its name), else CF409
  // naming the value held and nothing changes; a stale Version is refused like an update's. A
  // lifecycle's state field is read-only, so the test puts the record in each state in the
  // database; there each move also appends one event to the record's history and a refusal none.
  for (const def of RESOURCES.filter((d) => d.commands?.length)) {
    it(`${def.name}: every declared command runs from the values it leaves and is refused from the others`, async () => {
      const c = await ownerOf(def);
      const { item } = await recordOf(def, c, 62);
      let current = item;
      let runs = 0;
      const history = async (id: number) => (await c.callPath<{ Items: { Action: string; FromStatus: string | null; ToStatus: string | null }[] }>('GET', `${api(def, 'Events')}/${id}`)).Items;
      if (def.lifecycle) expect((await history(current.Id)).map((e) => [e.Action, e.FromStatus, e.ToStatus])).toEqual([['CREATE', null, current[def.lifecycle.field]]]);
      for (const command of def.commands!) {
        for (const { value } of def.fields[command.field]!.options!) {
          if (def.lifecycle) {
            await s.database.query(`UPDATE ${def.table} SET ${def.fields[command.field]!.column} = $1, version = version + 1 WHERE id = $2`, [value, current.Id]);
            current = await c.callPath<Item>('GET', `${api(def, 'Get')}/${current.Id}`);
          } else current = await c.callPath<Item>('PUT', api(def, 'Update'), { Id: current.Id, Version: current.Version, [command.field]: value });
          const path = api(def, command.name);
          const eventsBefore = def.lifecycle ? (await history(current.Id)).length : 0;
          if (command.from.includes(String(value))) {
            const stale = await errorOf(c.callPath('PUT', path, { Id: current.Id, Version: current.Version - 1 }));
            expect([stale.status, stale.errorCode]).toEqual([409, 'CF409']);
            // A note is kept in the audit row whether the command requires one or not.
            const note = `${command.name} from ${String(value)}, run ${runs}`;
            const moved = await c.callPath<Item>('PUT', path, { Id: current.Id, Version: current.Version, Note: `  ${note} ` });
            expect([moved[command.field], moved.Version]).toEqual([command.to, current.Version + 1]);
            const audits = await s.database.query<{ detail: { Note?: string } | null }>(
              `SELECT detail FROM audit_log WHERE action = $1 AND target_type = $2 AND target_id = $3 ORDER BY id DESC LIMIT 1`,
              [command.name.toUpperCase(), def.name, String(current.Id)],
            );
            expect(audits[0]?.detail?.Note, `${def.name}.${command.name} audited with its note`).toBe(note);
            if (def.lifecycle) {
              const events = await history(current.Id);
              expect(events.length).toBe(eventsBefore + 1);
              expect(events.at(-1)).toMatchObject({ Action: command.action, FromStatus: value, ToStatus: command.to, Actor: expect.any(String) });
            }
            current = moved;
            runs += 1;
          } else {
            const refused = await errorOf(c.callPath('PUT', path, { Id: current.Id, Version: current.Version }));
            expect([refused.status, refused.errorCode]).toEqual([409, 'CF409']);
            expect(refused.message).toContain(String(value));
            const after = await c.callPath<Item>('GET', `${api(def, 'Get')}/${current.Id}`);
            expect([after[command.field], after.Version]).toEqual([value, current.Version]);
            if (def.lifecycle) expect((await history(current.Id)).length).toBe(eventsBefore);
          }
        }
      }
      expect(runs).toBe(def.commands!.reduce((n, x) => n + x.from.length, 0));
      // Leave nothing behind that a later test's sample could meet (a terminal holds its device's serial).
      if (def.actions.includes('delete')) await c.callPath('DELETE', `${api(def, 'Delete')}/${current.Id}`);
    });
  }

  for (const def of RESOURCES) {
    it(`${def.name}: create → search → get → update → stale update refused → export → deactivate → delete`, async () => {
      const sample = SAMPLES[def.name]!;
      const c = await ownerOf(def);
      const canCreate = def.actions.includes('create');
      const { item: created, input } = await recordOf(def, c, 1);
      expect(created.Id).toBeGreaterThan(0);
      if (canCreate) expect(created.Version).toBe(1);
      expect(created.IsActive).toBe(1);

      const filterField = Object.entries(def.fields).find(([k, f]) => f.filter === 'contains' && typeof input[k] === 'string')?.[0];
      const SearchData = filterField ? { [filterField]: input[filterField] } : canCreate ? {} : (sample.existing ?? {});
      const found = await c.callPath<{ Items: Item[]; TotalRecords: number }>('POST', api(def, 'Search'), { PageIndex: 1, RowsPerPage: 999, SearchData });
      expect(found.Items.map((x) => x.Id)).toContain(created.Id);

      const got = await c.callPath<Item>('GET', `${api(def, 'Get')}/${created.Id}`);
      expect(got.Id).toBe(created.Id);
      for (const [k, v] of Object.entries(input)) if (!def.fields[k]?.secret && k !== 'OrgId') expect(got[k], `${def.name}.${k}`).toEqual(v);

      const updated = await c.callPath<Item>('PUT', api(def, 'Update'), { Id: created.Id, Version: created.Version, ...sample.update });
      expect(updated.Version).toBe(created.Version + 1);
      for (const [k, v] of Object.entries(sample.update)) if (!def.fields[k]?.secret) expect(updated[k]).toEqual(v);

      const stale = await errorOf(c.callPath('PUT', api(def, 'Update'), { Id: created.Id, Version: created.Version, ...sample.update }));
      expect(stale.status).toBe(409);
      expect(stale.errorCode).toBe('CF409');
      expect((await c.callPath<Item>('GET', `${api(def, 'Get')}/${created.Id}`)).Version).toBe(updated.Version);

      if (def.actions.includes('export')) {
        const res = await c.sendTo({ method: 'POST', encrypted: true }, api(def, 'Export'), { body: { SearchData, Format: 'csv' } });
        expect(res.status).toBe(200);
        expect(res.headers.get('content-disposition')).toMatch(/attachment; filename="?[^";]+\.csv"?(;|$)/);
        const csv = await res.text();
        // Headers are labels (English by default) and options their label text.
        const title = def.fields[def.titleField]?.options?.find((o) => o.value === updated[def.titleField]);
        expect(csv).toContain(title ? resourceLabel('en', title.labelKey) : String(updated[def.titleField] ?? created.Id));
        // Every cell typed by its column, names where ids are stored, no internal number column.
        expect(await resourceFileProblems(def, csv, async () => Buffer.from(await (await c.sendTo({ method: 'POST', encrypted: true }, api(def, 'Export'), { body: { SearchData, Format: 'xlsx' } })).arrayBuffer()))).toEqual([]);
        await expect
          .poll(async () => (await s.database.query(`SELECT 1 FROM audit_log WHERE action = 'EXPORT' AND target_type = $1`, [def.name])).length)
          .toBeGreaterThan(0);
        // The exported file goes back as it is: names and owners read back, the record updated in place.
        if (def.actions.includes('bulkUpload') && def.naturalKey) {
          const file = await (await c.sendTo({ method: 'POST', encrypted: true }, api(def, 'Export'), { body: { SearchData, Format: 'xlsx', Language: 'ms' } })).arrayBuffer();
          const form = new FormData();
          form.append('file', new Blob([file]), `${def.name}.xlsx`);
          const back = await c.callPath<{ Created: number; Updated: number }>('POST', api(def, 'BulkUpload'), form);
          expect(back.Created, def.name).toBe(0);
          expect(back.Updated, def.name).toBeGreaterThan(0);
          updated.Version = (await c.callPath<Item>('GET', `${api(def, 'Get')}/${created.Id}`)).Version;
          // A name that names nothing is a row error on its column, never a stored id.
          for (const key of [...idReferences(def).map(([k]) => k), ...(def.scope === 'owned' ? ['OrgName'] : [])]) {
            const bad = await withCell(file, sheetColumns(def).findIndex((col) => col.key === key), 'No such name 404');
            if (!bad) continue;
            const form2 = new FormData();
            form2.append('file', new Blob([bad]), `${def.name}.xlsx`);
            const e = await errorOf(c.callPath('POST', api(def, 'BulkUpload'), form2));
            expect(e.status, `${def.name}.${key}`).toBe(400);
            expect((e.body as { Errors: { Field: string; Message: string }[] } | undefined)?.Errors[0], `${def.name}.${key}`).toMatchObject({ Field: key, Message: expect.stringContaining("'No such name 404'") });
          }
        }
      }
      if (def.actions.includes('setStatus')) {
        const off = await c.callPath<Item>('PUT', api(def, 'SetStatus'), { Id: created.Id, IsActive: 0, Version: updated.Version });
        expect(off.IsActive).toBe(0);
      }
      if (def.actions.includes('delete')) {
        expect(await c.callPath('DELETE', `${api(def, 'Delete')}/${created.Id}`)).toEqual({ Success: true });
        expect((await errorOf(c.callPath('GET', `${api(def, 'Get')}/${created.Id}`))).errorCode).toBe('NF404');
      }
      const audit = await s.database.query<{ action: string }>(`SELECT action FROM audit_log WHERE target_type = $1 AND target_id = $2 ORDER BY id`, [def.name, String(created.Id)]);
      expect(audit.map((a) => a.action).slice(0, canCreate ? 2 : 1)).toEqual(canCreate ? ['CREATE', 'UPDATE'] : ['UPDATE']);
    });

    it(`${def.name}: refuses a caller without the permission at every step`, async () => {
      const c = await ownerOf(def);
      const { item: created } = await recordOf(def, c, 2);
      const steps: [string, () => Promise<unknown>][] = [
        ['view', () => nobody.callPath('POST', api(def, 'Search'), {})],
        ['view', () => nobody.callPath('GET', `${api(def, 'Get')}/${created.Id}`)],
        ['create', () => nobody.callPath('POST', api(def, 'Create'), SAMPLES[def.name]!.create(3))],
        ['update', () => nobody.callPath('PUT', api(def, 'Update'), { Id: created.Id, Version: 1 })],
        ['setstatus', () => nobody.callPath('PUT', api(def, 'SetStatus'), { Id: created.Id, IsActive: 0, Version: 1 })],
        ['delete', () => nobody.callPath('DELETE', `${api(def, 'Delete')}/${created.Id}`)],
        ['export', () => nobody.callPath('POST', api(def, 'Export'), { Format: 'csv' })],
      ];
      for (const [op, call] of steps) {
        const allowed = op === 'view' || def.actions.map((a) => a.toLowerCase()).includes(op);
        const e = await errorOf(call());
        expect(e.status, `${def.name} ${op}`).toBe(allowed ? 403 : 404);
        if (allowed) expect(e.message).toContain(resourcePermission(def, op as 'view'));
      }
      expect((await c.callPath<Item>('GET', `${api(def, 'Get')}/${created.Id}`)).Version).toBe(created.Version);
    });

    it(`${def.name}: answers bad input with a 4xx naming the field`, async () => {
      const c = await ownerOf(def);
      const { input, field } = SAMPLES[def.name]!.bad;
      if (def.actions.includes('create')) {
        const e = await errorOf(c.callPath('POST', api(def, 'Create'), input));
        expect(e.status).toBe(400);
        expect(e.message).toContain(field);
        const empty = await errorOf(c.callPath('POST', api(def, 'Create'), {}));
        expect(empty.status).toBe(400);
      } else {
        const { item } = await recordOf(def, c, 1);
        const e = await errorOf(c.callPath('PUT', api(def, 'Update'), { Id: item.Id, Version: item.Version, ...input }));
        expect(e.status).toBe(400);
        expect(e.message).toContain(field);
      }
      const bogus = await errorOf(c.callPath('PUT', api(def, 'Update'), { Id: 'x', Version: 1 }));
      expect(bogus.status).toBe(400);
      expect(bogus.message).toContain('Id');
    });

    if (def.scope === 'owned') {
      it(`${def.name}: another tenant can neither see nor change the record`, async () => {
        const c = await ownerOf(def);
        // A resource without Create (a bulk screen) is tried on one of the records made for it.
        const created = def.actions.includes('create') ? await c.callPath<Item>('POST', api(def, 'Create'), SAMPLES[def.name]!.create(4)) : (await recordOf(def, c, 2)).item;
        if (!defaultPermissions('MASTER_MERCHANT').includes(resourcePermission(def, 'view'))) {
          // The other tenant's group cannot open this screen at all.
          // (Only the routes the resource has: one without Delete answers no such route.)
          for (const call of [
            () => otherTenant.callPath('POST', api(def, 'Search'), { RowsPerPage: 999 }),
            () => otherTenant.callPath('GET', `${api(def, 'Get')}/${created.Id}`),
            ...(def.actions.includes('update') ? [() => otherTenant.callPath('PUT', api(def, 'Update'), { Id: created.Id, Version: created.Version, ...SAMPLES[def.name]!.update })] : []),
            ...(def.actions.includes('delete') ? [() => otherTenant.callPath('DELETE', `${api(def, 'Delete')}/${created.Id}`)] : []),
          ]) expect((await errorOf(call())).status).toBe(403);
          expect((await c.callPath<Item>('GET', `${api(def, 'Get')}/${created.Id}`)).Version).toBe(created.Version);
          return;
        }
        const list = await otherTenant.callPath<{ Items: Item[] }>('POST', api(def, 'Search'), { RowsPerPage: 999 });
        expect(list.Items.map((x) => x.Id)).not.toContain(created.Id);
        expect((await errorOf(otherTenant.callPath('GET', `${api(def, 'Get')}/${created.Id}`))).status).toBe(404);
        // A write the other tenant's group may make is refused as not found (the record is outside its
        // subtree); one it may not make (e.g. terminals: platform-only writes) is refused first (403).
        // A resource that serves no Delete (a payment link keeps its history) has no such route: 404.
        const outside = (action: 'update' | 'delete') =>
          !def.actions.includes(action) || defaultPermissions('MASTER_MERCHANT').includes(resourcePermission(def, action)) ? 404 : 403;
        expect((await errorOf(otherTenant.callPath('PUT', api(def, 'Update'), { Id: created.Id, Version: created.Version, ...SAMPLES[def.name]!.update }))).status).toBe(outside('update'));
        expect((await errorOf(otherTenant.callPath('DELETE', `${api(def, 'Delete')}/${created.Id}`))).status).toBe(outside('delete'));
        expect((await c.callPath<Item>('GET', `${api(def, 'Get')}/${created.Id}`)).Version).toBe(created.Version);
      });
    }
  }
});
