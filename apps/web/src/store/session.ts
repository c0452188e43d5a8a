/**
 * Session flows (§4): restore on start, sign in over the secure channel, switch user group,
 * sign out, and the clean-up shared by sign-out and a session-ending error.
 */
import type { BodyOf } from '@paydesk/contract';
import { decodePermissionBits } from '@paydesk/domain';
import { apiClient } from '../api/index.ts';
import { COOKIE_PERMISSIONS, clearSessionCookies, readCookie } from '../api/cookies.ts';
import type { Verdict } from '../api/failure.ts';
import { profileLoaded, restoring, sessionCleared, tokenReceived } from './auth-slice.ts';
import { apiAttached, type AppDispatch, type RootState } from './index.ts';
import { modulePermissionReceived } from './permission-slice.ts';

type Api = (typeof import('./api.ts'))['api'];

type Thunk<R = void> = (dispatch: AppDispatch, getState: () => RootState) => Promise<R>;

/** Permissions from the readable cookie, so the menu follows a sign-in or switch at once. */
function permissionsFromCookie(): string[] | null {
  const raw = readCookie(COOKIE_PERMISSIONS);
  return raw ? decodePermissionBits(raw) : null;
}

async function loadProfile(dispatch: AppDispatch): Promise<void> {
  const profile = await apiClient().get('profile');
  dispatch(profileLoaded(profile));
}

/**
 * The profile, with the session's first lookup in parallel (first-load budgets): the
 * header currency (§4) does not depend on the profile, and the dashboard's figures wait for it,
 * so asking for both at once takes one round trip off the way to the dashboard. The currency
 * list lands in the RTK Query cache (the layout's `useCurrenciesQuery` then finds it there, or
 * joins the call in flight); its failure is the lookup's own (silent, empty list), so only the
 * profile decides whether the session stands.
 */
async function loadSession(dispatch: AppDispatch): Promise<void> {
  // Settles (never rejects: a failed lookup answers its empty list) once the list is in.
  const currencies = loadApi(dispatch).then(async (api) => {
    await dispatch(api.endpoints.currencies.initiate(undefined, { subscribe: false }));
  });
  // Both asked for at once; the profile is stored (and the signed-in screens, which read the RTK
  // Query cache and the header currency, render) once both are in, so the first signed-in screen
  // has its header currency.
  const [profile] = await Promise.all([apiClient().get('profile'), currencies]);
  dispatch(profileLoaded(profile));
}

/**
 * RTK Query, attached to the store (store/index.ts: the sign-in page does not carry it). The first
 * call fetches its chunk — alongside the session's first calls and the layout's chunk — and later
 * ones answer at once. Rejects when the chunk cannot be fetched.
 */
async function loadApi(dispatch: AppDispatch): Promise<Api> {
  const { api } = await import('./api.ts');
  dispatch(apiAttached());
  return api;
}

/** Local clean-up: state, lookup caches, readable cookies and the channel keys. */
export function clearSession(): Thunk {
  return async (dispatch, getState) => {
    // The lookup cache exists only once RTK Query is attached; before (on /auth) there is none.
    const api = 'api' in getState() ? await loadApi(dispatch) : null;
    dispatch(sessionCleared());
    if (api) dispatch(api.util.resetApiState());
    clearSessionCookies();
    await apiClient().resetChannel();
  };
}

/** On start: a modulePermission cookie means a session may be alive; ask for the profile. */
export function restoreSession(): Thunk {
  return async (dispatch) => {
    if (!readCookie(COOKIE_PERMISSIONS)) return;
    dispatch(restoring());
    apiClient().sessionStarted();
    try {
      await loadSession(dispatch);
    } catch {
      // Toast shown (or the session already ended); without a profile the user signs in again.
      await dispatch(clearSession());
    }
  };
}

/** Resolves null on success, else the verdict so the form can show the server's message. */
export function signIn(credentials: BodyOf<'login'>): Thunk<Verdict | null> {
  return async (dispatch) => {
    const client = apiClient();
    // RTK Query's chunk loads while the credentials are checked, so that the header currency is
    // asked for together with the profile once the token is there (loadSession).
    loadApi(dispatch).catch(() => undefined);
    let failure: Verdict | null = null;
    let reply;
    try {
      reply = await client.post('login', credentials, { silent: true, onFailure: (v) => (failure = v) });
    } catch {
      return failure ?? { endSession: false, code: null, messages: [] };
    }
    client.sessionStarted();
    dispatch(tokenReceived(reply.JWT.access_token));
    const held = permissionsFromCookie();
    if (held) dispatch(modulePermissionReceived(held));
    try {
      await loadSession(dispatch);
      return null;
    } catch {
      // Signed in but the profile did not load (its toast is shown): do not keep half a session.
      await dispatch(clearSession());
      return { endSession: false, code: null, messages: [] };
    }
  };
}

/**
 * Asks for the profile again (after enrolling a second factor the server no longer says
 * MfaSetupRequired). Resolves whether it loaded; a failure has had its toast.
 */
export function refreshProfile(): Thunk<boolean> {
  return async (dispatch) => {
    try {
      await loadProfile(dispatch);
      return true;
    } catch {
      return false;
    }
  };
}

export function switchUserGroup(membershipId: number): Thunk<boolean> {
  return async (dispatch) => {
    try {
      const reply = await apiClient().post('changeUserGroup', { MembershipId: membershipId });
      dispatch(tokenReceived(reply.JWT.access_token));
      const held = permissionsFromCookie();
      if (held) dispatch(modulePermissionReceived(held));
      // Everything the server answered belongs to the previous group.
      dispatch((await loadApi(dispatch)).util.resetApiState());
      await loadProfile(dispatch);
      return true;
    } catch {
      return false;
    }
  };
}

export function signOut(): Thunk {
  return async (dispatch) => {
    try {
      await apiClient().post('logout');
    } catch {
      // Signed out locally whatever the server said.
    }
    await dispatch(clearSession());
  };
}
