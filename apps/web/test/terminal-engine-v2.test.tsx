// @vitest-environment node
/**
 * Two engine v2 parts on the REAL server. Declared commands (ResourceDef.commands):
 * a terminal's row offers the steps its status allows, Suspend asks first, Resume does not, and the
 * server holds the result. A lookup with arguments (FieldDef.lookupArgs): a provider
 * mapping's TID picker (/m1-config) waits for the organization, then offers that organization's
 * terminals only, asks again when the organization changes and clears the TID chosen under the
 * other one. Two terminals are made for each of two merchant HQs first (beside any the demo seeds);
 * the expected lists and the organizations' names come from the server.
 */
import './support/dom-on-node.ts';
import './setup-dom.ts';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { PortalClient } from '@paydesk/contract';
import { closePicker } from './support/close-picker.ts';
import { countFetches, startTestServer, type TestServer, type Traffic } from './support/real-server.ts';
import { renderSignedIn } from './support/signed-in-app.tsx';

let server: TestServer;
let admin: PortalClient;
let traffic: Traffic;
/** Two merchant HQs of the demo; the TIDs made for each. */
const HQS = [56, 59] as const;
const made: Record<number, string[]> = { 56: ['DLKA0001', 'DLKA0002'], 59: ['DLKB0001', 'DLKB0002'] };
const names: Record<number, string> = {};
/** Each HQ's own terminals as the picker should offer them ("TID · model", by TID), from the server. */
const offered: Record<number, string[]> = {};

beforeAll(async () => {
  server = await startTestServer({ transactions: 0 });
  admin = await server.signIn('admin@paydesk.my');
  for (const org of HQS) {
    for (const [i, tid] of made[org]!.entries()) {
      const terminal = await admin.callPath<{ Id: number; Version: number; OrgName: string }>('POST', '/api/portal/Terminal/Create', { OrgId: org, Tid: tid, Model: 'PAX A920', AcquirerId: 1, Mid: `DLK${org}${i}` });
      // A new terminal is PENDING: put in service, as the desk would.
      await admin.callPath('PUT', '/api/portal/Terminal/PutInService', { Id: terminal.Id, Version: terminal.Version });
      names[org] = terminal.OrgName;
    }
    const page = await admin.callPath<{ Items: { Tid: string; Model: string }[] }>('POST', '/api/portal/Terminal/Search', {
      PageIndex: 1, RowsPerPage: 500, SearchData: { OrgId: org }, Sort: { Field: 'Tid', Order: 'asc' },
    });
    offered[org] = page.Items.map((x) => `${x.Tid} · ${x.Model}`);
  }
  await import('../src/features/resources/pages/resource-page.tsx');
}, 300_000);
afterAll(async () => server?.close());

beforeEach(() => {
  localStorage.clear();
  traffic = countFetches();
});
afterEach(async () => {
  await waitFor(() => expect(traffic.pending()).toBe(0));
  cleanup();
  traffic.restore();
});

const drawer = () => document.querySelector<HTMLElement>('.ant-drawer-open .ant-drawer-section')!;
const tidInput = () => within(drawer()).getByLabelText('TID (ours)') as HTMLInputElement;
/** The owner picker: the select beside the level choice under "Organization". */
const ownerInput = () => drawer().querySelectorAll<HTMLInputElement>('.ant-select input')[1]!;

/** Opens the select of `input` and answers its option texts. */
async function optionsOf(input: HTMLInputElement): Promise<string[]> {
  fireEvent.mouseDown(input);
  const list = await waitFor(() => document.getElementById(`${input.id}_list`)!.closest<HTMLElement>('.ant-select-dropdown')!);
  await waitFor(() => expect(list.querySelector('.ant-select-item-option-content, .ant-empty')).toBeTruthy());
  return Array.from(list.querySelectorAll('.ant-select-item-option-content')).map((o) => o.textContent ?? '');
}

async function choose(input: HTMLInputElement, text: string, typed?: string) {
  fireEvent.mouseDown(input);
  // The organization picker searches on the server (it lists a first page only).
  if (typed) fireEvent.change(input, { target: { value: typed } });
  const list = await waitFor(() => document.getElementById(`${input.id}_list`)!.closest<HTMLElement>('.ant-select-dropdown')!);
  fireEvent.click(await waitFor(() => within(list).getByText(text, { selector: '.ant-select-item-option-content' })));
}

describe('a picker narrowed by another field (lookupArgs)', () => {
  it("waits for the organization, offers its terminals only, and clears the TID when the organization changes", async () => {
    await renderSignedIn(server, '/m1-config', 'admin@paydesk.my');
    // The screen's declaration module loads on first visit (its own chunk).
    await screen.findByRole('heading', { name: 'M1' }, { timeout: 60_000 });
    fireEvent.click(await screen.findByText('New'));
    await waitFor(() => expect(drawer()).toBeTruthy());
    expect(tidInput().disabled).toBe(true);
    expect(tidInput().closest('.ant-select')!.textContent).toContain('Choose Organization first');
    expect(traffic.count('/api/portal/Terminal/Search')).toBe(0);

    await choose(ownerInput(), names[56]!, names[56]!);
    await waitFor(() => expect(tidInput().disabled).toBe(false));
    expect(await optionsOf(tidInput())).toEqual(offered[56]);
    for (const tid of made[56]!) expect(offered[56]).toContain(`${tid} · PAX A920`);
    expect(offered[56]!.some((o) => o.startsWith('DLKB'))).toBe(false);
    await choose(tidInput(), `${made[56]![1]} · PAX A920`);
    expect(tidInput().closest('.ant-select')!.textContent).toContain(made[56]![1]);
    closePicker(tidInput());

    await choose(ownerInput(), names[59]!, names[59]!);
    await waitFor(() => expect(tidInput().closest('.ant-select')!.textContent).not.toContain(made[56]![1]));
    expect(await optionsOf(tidInput())).toEqual(offered[59]);
    expect(traffic.count('/api/portal/Terminal/Search')).toBe(2);
  }, 120_000);
});

describe('declared commands on a row (ResourceDef.commands)', () => {
  const row = () => Array.from(document.querySelectorAll<HTMLElement>('.ant-table-tbody tr.ant-table-row')).find((r) => r.textContent?.includes('DLKA0001'));
  const statusOnServer = async () =>
    (await admin.callPath<{ Items: { TerminalStatus: string }[] }>('POST', '/api/portal/Terminal/Search', { PageIndex: 1, RowsPerPage: 5, SearchData: { Tid: 'DLKA0001' } })).Items[0]!.TerminalStatus;

  it('offers the steps the status allows; Suspend is confirmed, Resume is not; the server holds each', async () => {
    await renderSignedIn(server, '/terminal-management?Tid=DLKA0001', 'admin@paydesk.my');
    await waitFor(() => expect(row()).toBeTruthy(), { timeout: 60_000 });
    const buttons = () => Array.from(row()!.querySelectorAll('button')).map((b) => b.textContent?.trim());
    // At most three visible: the everyday action, the next step, and the rest under "More" (Delete last).
    expect(buttons()).toEqual(['Edit', 'Suspend', 'More']);
    fireEvent.click(within(row()!).getByText('More'));
    const rowMenu = () => document.querySelector<HTMLElement>('.ant-dropdown-menu');
    await waitFor(() => expect(Array.from(rowMenu()!.querySelectorAll('[role="menuitem"]')).map((m) => m.textContent)).toEqual(['Decommission', 'History', 'Delete']));
    fireEvent.click(within(row()!).getByText('More'));

    fireEvent.click(within(row()!).getByText('Suspend'));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Suspend: DLKA0001')).toBeTruthy();
    expect(await statusOnServer()).toBe('ACTIVE');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Suspend' }));
    await waitFor(() => expect(buttons()).toContain('Resume'));
    expect(await statusOnServer()).toBe('SUSPENDED');
    expect(row()!.textContent).toContain('Suspended');

    fireEvent.click(within(row()!).getByText('Resume'));
    await waitFor(() => expect(buttons()).toContain('Suspend'));
    expect(await statusOnServer()).toBe('ACTIVE');

    // The lifecycle's history: every step, oldest first, named by its command, with the states it
    // moved between and who did it.
    fireEvent.click(within(row()!).getByText('More'));
    await waitFor(() => expect(rowMenu()).toBeTruthy());
    fireEvent.click(within(rowMenu()!).getByText('History'));
    const history = await screen.findByTestId('resource-history');
    await waitFor(() => expect(within(history).getAllByText(/admin@paydesk\.my/).length).toBe(4));
    const steps = Array.from(history.querySelectorAll('.ant-timeline-item')).map((li) => li.textContent ?? '');
    expect(steps.map((x) => x.split('admin@')[0])).toEqual(['Created · Pending', 'Put in service · Pending → Active', 'Suspend · Active → Suspended', 'Resume · Suspended → Active']);
  }, 120_000);
});
