/**
 * Session flows (§4): restore on start, sign in over the secure channel, switch user group,
 * sign out, and the clean-up shared by sign-out and a session-ending error.
 */
import type { BodyOf } from '@paydesk/contract';
import { decodePermissionBits } from '@paydesk/domain';
import { apiClient } from '../api/index.ts';
import { COOKIE_PERMISSIONS, clearSessionCookies, readCookie } from '../api/cookies.ts';
import type { Verdict } from '../api/failure.ts';
import { api } from './api.ts';
import { profileLoaded, restoring, sessionCleared, tokenReceived } from './auth-slice.ts';
import type { AppDispatch, RootState } from './index.ts';
import { modulePermissionReceived } from './permission-slice.ts';

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

/** Local clean-up: state, lookup caches, readable cookies and the channel keys. */
export function clearSession(): Thunk {
  return async (dispatch) => {
    dispatch(sessionCleared());
    dispatch(api.util.resetApiState());
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
      await loadProfile(dispatch);
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
      await loadProfile(dispatch);
      return null;
    } catch {
      // Signed in but the profile did not load (its toast is shown): do not keep half a session.
      await dispatch(clearSession());
      return { endSession: false, code: null, messages: [] };
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
      dispatch(api.util.resetApiState());
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
