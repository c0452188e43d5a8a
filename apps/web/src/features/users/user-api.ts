/**
 * /user-management's calls through the app's API client (secure channel, §8
 * toasts: a refusal has had its toast when a promise here rejects):
 *  - the user list, an RTK Query endpoint over POST UserManagement/Search, tagged so an invite, an
 *    edit or an action asks it again;
 *  - as RTK Query mutations: Invite, Update and the per-user actions (Lock, Unlock, Deactivate, Reactivate, ResetPassword,
 *    ResendInvite, ResetMfa), each `{Id, Version}` with its own permission.
 * Also the list's URL query (keyword, status, page, size) for the list controller.
 */
import type { BodyOf, ResponseOf } from '@paydesk/contract';
import { USER_STATUSES, type UserStatus } from '@paydesk/domain';
import { api, onSuccess } from '../../store/api.ts';

export type UserSearchBody = BodyOf<'userSearch'>;
export type UserPage = ResponseOf<'userSearch'>;
export type UserRow = UserPage['Items'][number];
export type InviteBody = BodyOf<'userInvite'>;
export type UpdateBody = BodyOf<'userUpdate'>;
export { USER_STATUSES, type UserStatus };

/** Page sizes of the list; the first is the default. */
export const USER_PAGE_SIZES: readonly number[] = [20, 50, 100];

/** The most memberships one user may be given in one request (the contract's bound). */
export const MAX_MEMBERSHIPS = 20;

/** The longest keyword the filter sends (the contract's limit). */
export const MAX_KEYWORD = 250;

/** The actions on one user, each a confirmed `{Id, Version}` call behind its own permission. */
export const USER_ACTIONS = ['lock', 'unlock', 'deactivate', 'reactivate', 'resetPassword', 'resendInvite', 'resetMfa'] as const;
export type UserAction = (typeof USER_ACTIONS)[number];

const ACTION_ROUTES = {
  lock: 'userLock',
  unlock: 'userUnlock',
  deactivate: 'userDeactivate',
  reactivate: 'userReactivate',
  resetPassword: 'userResetPassword',
  resendInvite: 'userResendInvite',
  resetMfa: 'userResetMfa',
} as const satisfies Record<UserAction, string>;

const USER_TAG = 'ManagedUser' as const;

const userApi = api.enhanceEndpoints({ addTagTypes: [USER_TAG] }).injectEndpoints({
  endpoints: (build) => ({
    userSearch: build.query<UserPage, UserSearchBody>({
      // The app's base query: the client's call with its §8 toast on failure.
      query: (body) => ({ name: 'userSearch', body }),
      providesTags: [USER_TAG],
    }),
    /** Invites a user; resolves with the new user's id. */
    userInvite: build.mutation<ResponseOf<'userInvite'>, InviteBody>({
      query: (body) => ({ name: 'userInvite', body }),
      invalidatesTags: onSuccess([USER_TAG]),
    }),
    /** Saves a user's nick name, phone and memberships (those outside the caller's scope are kept by the server). */
    userUpdate: build.mutation<ResponseOf<'userUpdate'>, UpdateBody>({
      query: (body) => ({ name: 'userUpdate', body }),
      invalidatesTags: onSuccess([USER_TAG]),
    }),
    /** Performs `action` on a user at the version the list showed (a stale one is the server's 409). */
    userAction: build.mutation<UserRow, { action: UserAction; user: Pick<UserRow, 'Id' | 'Version'> }>({
      query: ({ action, user }) => ({ name: ACTION_ROUTES[action], body: { Id: user.Id, Version: user.Version } }),
      // Refused or not, so that the list shows the user as the server has it.
      invalidatesTags: [USER_TAG],
    }),
  }),
});

export const { useUserSearchQuery, useUserInviteMutation, useUserUpdateMutation, useUserActionMutation } = userApi;

/** Asks the user list again (Refresh; the writes' mutations do it themselves). */
export const invalidateUsers = () => userApi.util.invalidateTags([USER_TAG]);

/** The list's query as the URL holds it. */
export interface UserQuery {
  keyword: string;
  status: UserStatus | '';
  /** 1-based. */
  page: number;
  size: number;
}

/** The query of a URL: unknown statuses, pages and sizes fall back to the defaults (never throws). */
export function parseUserQuery(params: URLSearchParams): UserQuery {
  const status = params.get('status') ?? '';
  const page = Number(params.get('page'));
  const size = Number(params.get('size'));
  return {
    keyword: (params.get('q') ?? '').slice(0, MAX_KEYWORD),
    status: (USER_STATUSES as readonly string[]).includes(status) ? (status as UserStatus) : '',
    page: Number.isInteger(page) && page >= 1 && page <= 1_000_000 ? page : 1,
    size: USER_PAGE_SIZES.includes(size) ? size : USER_PAGE_SIZES[0]!,
  };
}

/** The URL query of a list query, defaults left out (`parseUserQuery(serializeUserQuery(q))` equals `q`). */
export function serializeUserQuery(q: UserQuery): URLSearchParams {
  const params = new URLSearchParams();
  if (q.keyword !== '') params.set('q', q.keyword);
  if (q.status !== '') params.set('status', q.status);
  if (q.page !== 1) params.set('page', String(q.page));
  if (q.size !== USER_PAGE_SIZES[0]) params.set('size', String(q.size));
  return params;
}

/** The Search body of a list query (§7 list shape; a blank keyword and no status are left out). */
export function userSearchBody(q: UserQuery): UserSearchBody {
  const keyword = q.keyword.trim();
  return { PageIndex: q.page, RowsPerPage: q.size, SearchData: { ...(keyword ? { Keyword: keyword } : {}), ...(q.status ? { Status: q.status } : {}) } };
}
