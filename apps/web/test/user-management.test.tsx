/**
 * /user-management: the list sends the keyword and status filters from the URL
 * and shows each user's status tag, two-factor, memberships and last sign-in; Invite checks the
 * e-mail (§5), the nick name and the memberships before sending, offers only the levels the caller
 * may give and only groups of the chosen level; every action asks a confirmation first and is
 * offered only to holders of its permission, in the states it applies to. The API answers come
 * from test/fake-server.ts.
 */
import './setup-dom.ts';
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import fc from 'fast-check';
import { createMemoryRouter } from 'react-router';
import { ENUM_LABELS, GROUP_TYPES } from '@paydesk/domain';
import { assignableLevels, membershipsOf } from '../src/features/users/membership-fields.tsx';
import UserManagementPage from '../src/features/users/pages/user-management-page.tsx';
import { actionApplies, offeredActions } from '../src/features/users/user-actions.tsx';
import { USER_ACTIONS, parseUserQuery, serializeUserQuery, userSearchBody, type UserRow } from '../src/features/users/user-api.ts';
import { ACTION_PERMISSIONS } from '../src/features/users/user-permissions.ts';
import { setRuntimeConfig } from '../src/runtime-config.ts';
import { profileLoaded, type Profile } from '../src/store/auth-slice.ts';
import { createStore } from '../src/store/index.ts';
import { fakeServer, type Answer, type SeenRequest } from './fake-server.ts';
import { installFakeClient } from './support/fake-client.ts';
import { renderApp } from './render-app.tsx';

setRuntimeConfig({ ApiBaseUrl: '', ProductName: 'Paydesk', IpLookupV4Url: '', IpLookupV6Url: '', PosUrl: '', CountryServiceUrl: '' });

const BASE = '/api/portal/UserManagement';
const SEARCH = `${BASE}/Search`;
const INVITE = `${BASE}/Invite`;
const LOCK = `${BASE}/Lock`;
const UPDATE = `${BASE}/Update`;

const user = (id: number, over: Partial<UserRow> = {}): UserRow =>
  ({
    Id: id,
    Email: `user${id}@paydesk.my`,
    NickName: `User ${id}`,
    Phone: null,
    Status: 'ACTIVE',
    MfaEnabled: false,
    LockedUntil: null,
    LastLoginAt: null,
    CreatedAt: '2026-03-02T01:00:00.000Z',
    Memberships: [{ MembershipId: id * 10, CompanyId: 7, CompanyName: 'Kedai Runcit Ali', GroupId: 3, GroupName: 'Merchant HQ admin', GroupType: 'MERCHANT_HQ' }],
    Version: 4,
    ...over,
  }) as UserRow;

const ROWS: UserRow[] = [
  user(1, { Status: 'ACTIVE', MfaEnabled: true, LastLoginAt: '2026-03-02T04:05:06.000Z', Email: 'aminah@paydesk.my' }),
  user(2, { Status: 'INVITED', Email: 'invited@paydesk.my' }),
  user(3, { Status: 'LOCKED', Email: 'locked@paydesk.my' }),
  user(4, { Status: 'INACTIVE', Email: 'gone@paydesk.my', Memberships: [{ MembershipId: 40, CompanyId: null, CompanyName: '', GroupId: 1, GroupName: 'Super admins', GroupType: 'SUPERADMIN' }] }),
];

const GROUPS = [
  { Id: 1, Name: 'Super admins', GroupType: 'SUPERADMIN', IsActive: 1 },
  { Id: 3, Name: 'Merchant HQ admin', GroupType: 'MERCHANT_HQ', IsActive: 1 },
  { Id: 5, Name: 'Branch cashier', GroupType: 'MERCHANT_BRANCH', IsActive: 1 },
  { Id: 6, Name: 'Old branch group', GroupType: 'MERCHANT_BRANCH', IsActive: 0 },
];

const ALL = ['usermanagement:view', ...Object.values(ACTION_PERMISSIONS), 'usermanagement:invite'];

function mount(permissions: string[], options: { groupType?: string; userId?: number; url?: string; handle?: (req: SeenRequest) => Answer | undefined } = {}) {
  const server = fakeServer((req) => {
    const answered = options.handle?.(req);
    if (answered) return answered;
    if (req.path === SEARCH) return { body: { Items: ROWS, TotalRecords: 57, PageIndex: 1, RowsPerPage: 20 } };
    if (req.path === INVITE) return { body: { Id: 99 } };
    if (req.path === LOCK || req.path === UPDATE) return { body: ROWS[0] };
    if (req.path === '/api/portal/UserGroup/GetUserGroupList') return { body: GROUPS };
    if (req.path === '/api/portal/Organization/GetSelection') {
      const level = (req.body as { Level: string }).Level;
      return { body: level === 'MERCHANT_BRANCH' ? [{ Id: 21, Name: 'Ali Branch Bangsar', Level: level }] : [{ Id: 7, Name: 'Kedai Runcit Ali', Level: level }] };
    }
    return { body: [] };
  });
  const notify = installFakeClient(server);
  const store = createStore();
  store.dispatch(
    profileLoaded({ UserId: options.userId ?? 100, Email: 'me@paydesk.my', Current: { GroupType: options.groupType ?? 'MERCHANT_HQ' }, Permissions: permissions } as unknown as Profile),
  );
  const router = createMemoryRouter([{ path: '/user-management', element: <UserManagementPage /> }], { initialEntries: [options.url ?? '/user-management'] });
  renderApp(store, router);
  const calls = (path: string) => server.seen.filter((r) => r.path === path);
  return { server, router, notify, calls };
}

afterEach(() => {
  cleanup();
  localStorage.clear();
});

const SLOW = 60_000;
const rows = () => Array.from(document.querySelectorAll<HTMLElement>('[data-testid="users-list"] tr.ant-table-row'));
const rowOf = (email: string) => rows().find((r) => r.textContent?.includes(email))!;
const buttons = (root: ParentNode, text: string) => Array.from(root.querySelectorAll<HTMLButtonElement>('button')).filter((b) => b.textContent?.trim() === text);

/** The dropdown of the select whose input is `input` (its listbox is the input's aria-controls). */
function dropdownOf(input: HTMLElement): HTMLElement | null {
  const listId = input.getAttribute('aria-controls');
  return listId ? (document.getElementById(listId)?.closest<HTMLElement>('.ant-select-dropdown') ?? null) : null;
}

/** The labels of the options the select of `input` offers (its dropdown open). */
const optionsOf = (input: HTMLElement) => Array.from(dropdownOf(input)?.querySelectorAll<HTMLElement>('.ant-select-item-option-content') ?? []).map((o) => o.textContent);

/** Opens the select of `input` and clicks its option `label`. */
async function chooseOption(input: HTMLElement, label: string) {
  if (!dropdownOf(input)) fireEvent.mouseDown(input);
  const option = await waitFor(() => {
    const found = Array.from(dropdownOf(input)?.querySelectorAll<HTMLElement>('.ant-select-item-option-content') ?? []).find((o) => o.textContent === label);
    expect(found).toBeTruthy();
    return found!;
  });
  fireEvent.click(option);
}

describe('/user-management list', () => {
  it('sends the filters of the URL and shows status, two-factor, memberships and last sign-in', async () => {
    const { calls, router } = mount(ALL, { url: '/user-management?q=ali&status=LOCKED&page=2' });
    await waitFor(() => expect(rows()).toHaveLength(4));
    expect(calls(SEARCH)[0]!.body).toEqual({ PageIndex: 2, RowsPerPage: 20, SearchData: { Keyword: 'ali', Status: 'LOCKED' } });
    const first = rowOf('aminah@paydesk.my');
    expect(within(first).getByText('Active')).toBeTruthy();
    expect(within(first).getByText('On')).toBeTruthy();
    expect(first.textContent).toContain('Kedai Runcit Ali · Merchant HQ admin');
    expect(within(first).getByText('02-03-2026 12:05:06')).toBeTruthy();
    expect(within(rowOf('invited@paydesk.my')).getByText('Invited')).toBeTruthy();
    expect(within(rowOf('invited@paydesk.my')).getByText('Never')).toBeTruthy();
    expect(within(rowOf('locked@paydesk.my')).getByText('Locked')).toBeTruthy();
    expect(rowOf('gone@paydesk.my').textContent).toContain('Platform · Super admins');
    expect(within(rowOf('gone@paydesk.my')).getByText('Inactive')).toBeTruthy();

    // A new status starts again at page 1 and keeps the keyword; "All statuses" drops it.
    await chooseOption(screen.getByLabelText('User status'), 'Invited');
    await waitFor(() => expect(router.state.location.search).toBe('?q=ali&status=INVITED'));
    await waitFor(() => expect(calls(SEARCH).at(-1)!.body).toEqual({ PageIndex: 1, RowsPerPage: 20, SearchData: { Keyword: 'ali', Status: 'INVITED' } }));
    const keyword = screen.getByLabelText('Email, name or phone');
    fireEvent.change(keyword, { target: { value: '  ' } });
    fireEvent.keyDown(keyword, { key: 'Enter', code: 'Enter' });
    await waitFor(() => expect(router.state.location.search).toBe('?status=INVITED'));
    await waitFor(() => expect(calls(SEARCH).at(-1)!.body).toEqual({ PageIndex: 1, RowsPerPage: 20, SearchData: { Status: 'INVITED' } }));
  }, SLOW);

  it('keeps the URL query and the request in step for any filter', () => {
    fc.assert(
      fc.property(
        fc.record({ keyword: fc.string({ maxLength: 250 }), status: fc.constantFrom('', 'INVITED', 'ACTIVE', 'LOCKED', 'INACTIVE'), page: fc.integer({ min: 1, max: 1_000_000 }), size: fc.constantFrom(20, 50, 100) }),
        (q) => {
          const query = { ...q, status: q.status as '' };
          expect(parseUserQuery(serializeUserQuery(query))).toEqual(query);
          const body = userSearchBody(query);
          expect(body.PageIndex).toBe(q.page);
          expect('Keyword' in (body.SearchData ?? {})).toBe(q.keyword.trim() !== '');
          expect('Status' in (body.SearchData ?? {})).toBe(q.status !== '');
        },
      ),
    );
    expect(parseUserQuery(new URLSearchParams('status=DELETED&page=-3&size=7'))).toEqual({ keyword: '', status: '', page: 1, size: 20 });
  });

  it('offers Invite, Edit and each action only to holders of its permission', async () => {
    mount(['usermanagement:view']);
    await waitFor(() => expect(rows()).toHaveLength(4));
    expect(screen.queryByTestId('users-invite')).toBeNull();
    expect(buttons(document, 'Edit')).toEqual([]);
    expect(buttons(document, 'More')).toEqual([]);
    const held = new Set(['usermanagement:lock']);
    const active = ROWS[0]!;
    expect(offeredActions(active, held, 100)).toEqual(['lock']);
    expect(offeredActions(ROWS[2]!, held, 100)).toEqual(['unlock']);
    expect(offeredActions(ROWS[1]!, held, 100)).toEqual([]);
  }, SLOW);

  it('offers each action in the states it applies to, and nothing that would lock the caller out', () => {
    const status = fc.constantFrom('INVITED', 'ACTIVE', 'LOCKED', 'INACTIVE') as fc.Arbitrary<UserRow['Status']>;
    fc.assert(
      fc.property(status, fc.boolean(), fc.boolean(), (Status, MfaEnabled, self) => {
        const u = { Id: 1, Status, MfaEnabled };
        const me = self ? 1 : 2;
        const offered = offeredActions(u, new Set(Object.values(ACTION_PERMISSIONS)), me);
        expect(offered.includes('unlock')).toBe(Status === 'LOCKED');
        expect(offered.includes('reactivate')).toBe(Status === 'INACTIVE');
        expect(offered.includes('resendInvite')).toBe(Status === 'INVITED');
        expect(offered.includes('lock')).toBe(Status === 'ACTIVE' && !self);
        expect(offered.includes('deactivate')).toBe(Status !== 'INACTIVE' && !self);
        expect(offered.includes('resetMfa')).toBe(MfaEnabled && !self);
        // An action never offered without its permission.
        for (const a of USER_ACTIONS) expect(offeredActions(u, new Set(), me)).not.toContain(a);
        expect(offered.every((a) => actionApplies(a, u, me))).toBe(true);
      }),
    );
  });

  it('locks a user only after the confirmation, with the version the list showed', async () => {
    const { calls } = mount(ALL);
    await waitFor(() => expect(rows()).toHaveLength(4));
    fireEvent.click(buttons(rowOf('aminah@paydesk.my'), 'More')[0]!);
    const lock = await waitFor(() => {
      const item = Array.from(document.querySelectorAll<HTMLElement>('.ant-dropdown:not(.ant-dropdown-hidden) .ant-dropdown-menu-item')).find((i) => i.textContent === 'Lock');
      expect(item).toBeTruthy();
      return item!;
    });
    fireEvent.click(lock);
    const dialog = await waitFor(() => {
      const found = Array.from(document.querySelectorAll<HTMLElement>('.ant-modal')).find((m) => m.querySelector('.ant-modal-confirm-title')?.textContent === 'Lock aminah@paydesk.my?');
      expect(found).toBeTruthy();
      return found!;
    });
    expect(dialog.textContent).toContain('The user is signed out at once');
    expect(calls(LOCK)).toEqual([]);
    const searches = calls(SEARCH).length;
    fireEvent.click(within(dialog).getByRole('button', { name: 'Lock' }));
    expect(await screen.findByText('aminah@paydesk.my locked')).toBeTruthy();
    expect(calls(LOCK).map((r) => r.body)).toEqual([{ Id: 1, Version: 4 }]);
    // The list is asked again, so the user shows as the server has it.
    await waitFor(() => expect(calls(SEARCH).length).toBeGreaterThan(searches));
  }, SLOW);

  it('sends nothing when the confirmation is cancelled', async () => {
    const { calls } = mount(ALL);
    await waitFor(() => expect(rows()).toHaveLength(4));
    fireEvent.click(buttons(rowOf('invited@paydesk.my'), 'More')[0]!);
    const item = await waitFor(() => {
      const found = Array.from(document.querySelectorAll<HTMLElement>('.ant-dropdown:not(.ant-dropdown-hidden) .ant-dropdown-menu-item')).find((i) => i.textContent === 'Resend invitation');
      expect(found).toBeTruthy();
      return found!;
    });
    fireEvent.click(item);
    const dialog = await waitFor(() => {
      const found = Array.from(document.querySelectorAll<HTMLElement>('.ant-modal')).find((m) => m.querySelector('.ant-modal-confirm-title')?.textContent === 'Send the invitation to invited@paydesk.my again?');
      expect(found).toBeTruthy();
      return found!;
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    // Closing (jsdom never ends antd's leave animation) or gone.
    await waitFor(() => expect(!dialog.isConnected || dialog.classList.contains('ant-zoom-leave')).toBe(true));
    expect(calls(`${BASE}/ResendInvite`)).toEqual([]);
  }, SLOW);
});

describe('/user-management invite', () => {
  /** The error texts shown under a labelled field of the drawer. */
  const errorsOf = (label: string) => {
    const item = within(screen.getByTestId('user-form')).getByLabelText(label).closest('.ant-form-item')!;
    return Array.from(item.querySelectorAll('.ant-form-item-explain-error')).map((e) => e.textContent ?? '');
  };

  it('checks the e-mail, nick name and memberships before sending, then sends the invitation', async () => {
    const { calls } = mount(ALL);
    fireEvent.click(await screen.findByTestId('users-invite'));
    const form = await screen.findByTestId('user-form');
    fireEvent.click(screen.getByTestId('user-form-submit'));
    const required = ENUM_LABELS.en.placeholder_cannot_be_empty;
    await waitFor(() => expect(errorsOf('Email')).toEqual([required]));
    expect(errorsOf('Nick name')).toEqual([required]);
    expect(errorsOf('Level')).toEqual([required]);
    expect(errorsOf('Group')).toEqual([required]);

    fireEvent.change(within(form).getByLabelText('Email'), { target: { value: 'new@paydesk' } });
    fireEvent.change(within(form).getByLabelText('Phone'), { target: { value: '12' } });
    await waitFor(() => expect(errorsOf('Email')).toEqual([ENUM_LABELS.en['please enter a valid email address']]));
    await waitFor(() => expect(errorsOf('Phone')).toEqual([ENUM_LABELS.en['enter a valid phone no']]));
    expect(calls(INVITE)).toEqual([]);

    fireEvent.change(within(form).getByLabelText('Email'), { target: { value: ' new@paydesk.my ' } });
    fireEvent.change(within(form).getByLabelText('Phone'), { target: { value: '' } });
    fireEvent.change(within(form).getByLabelText('Nick name'), { target: { value: 'Siti' } });
    // A merchant HQ gives its own level and the branch level; the groups follow the level.
    const level = within(form).getByLabelText('Level');
    fireEvent.mouseDown(level);
    await waitFor(() => expect(optionsOf(level)).toEqual(['Merchant HQ', 'Merchant']));
    await chooseOption(level, 'Merchant');
    await chooseOption(within(form).getByLabelText('Company'), 'Ali Branch Bangsar');
    const group = within(form).getByLabelText('Group');
    fireEvent.mouseDown(group);
    await waitFor(() => expect(optionsOf(group)).toEqual(['Branch cashier']));
    await chooseOption(group, 'Branch cashier');

    fireEvent.click(screen.getByTestId('user-form-submit'));
    expect(await screen.findByText('Invitation sent to new@paydesk.my')).toBeTruthy();
    expect(calls(INVITE).map((r) => r.body)).toEqual([{ Email: 'new@paydesk.my', NickName: 'Siti', Memberships: [{ CompanyId: 21, GroupId: 5 }] }]);
  }, SLOW);

  it("edits a user's name, phone and memberships with the version the list showed; the e-mail stays", async () => {
    const { calls } = mount(ALL);
    await waitFor(() => expect(rows()).toHaveLength(4));
    fireEvent.click(buttons(rowOf('aminah@paydesk.my'), 'Edit')[0]!);
    expect(await screen.findByText('Edit aminah@paydesk.my')).toBeTruthy();
    const form = await screen.findByTestId('user-form');
    const email = within(form).getByLabelText('Email') as HTMLInputElement;
    await waitFor(() => expect(email.value).toBe('aminah@paydesk.my'));
    expect(email.disabled).toBe(true);
    expect(form.textContent).toContain('Memberships outside your scope are kept as they are.');
    // The membership as the user has it: level, company (by name) and group.
    const membership = within(form).getByTestId('user-membership');
    await waitFor(() => expect(membership.textContent).toContain('Kedai Runcit Ali'));
    await waitFor(() => expect(membership.textContent).toContain('Merchant HQ admin'));
    fireEvent.change(within(form).getByLabelText('Nick name'), { target: { value: 'Aminah binti Ali' } });
    fireEvent.change(within(form).getByLabelText('Phone'), { target: { value: '012-345 6789' } });
    fireEvent.click(screen.getByTestId('user-form-submit'));
    expect(await screen.findByText('aminah@paydesk.my saved')).toBeTruthy();
    expect(calls(UPDATE).map((r) => r.body)).toEqual([{ Id: 1, Version: 4, NickName: 'Aminah binti Ali', Phone: '012-345 6789', Memberships: [{ CompanyId: 7, GroupId: 3 }] }]);
  }, SLOW);

  it('gives the platform (no company) only to a SUPERADMIN, and every level below the caller', () => {
    expect(assignableLevels('SUPERADMIN')).toEqual([...GROUP_TYPES]);
    expect(assignableLevels('AGENCY')).toEqual(['AGENCY', 'AGENT', 'MERCHANT_HQ', 'MERCHANT_BRANCH']);
    expect(assignableLevels('MERCHANT_BRANCH')).toEqual(['MERCHANT_BRANCH']);
    expect(assignableLevels(undefined)).toEqual([]);
    expect(membershipsOf([{ Level: 'SUPERADMIN', CompanyId: 7, GroupId: 1 }, { Level: 'AGENT', CompanyId: 9, GroupId: 2 }])).toEqual([
      { CompanyId: null, GroupId: 1 },
      { CompanyId: 9, GroupId: 2 },
    ]);
  });
});
