/** The signed-in user: the in-memory access token and the profile. Never persisted. */
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { ResponseOf } from '@paydesk/contract';

export type Profile = ResponseOf<'profile'>;
export type SessionStatus = 'signedOut' | 'restoring' | 'signedIn';

export interface AuthState {
  /** JWT.access_token of Login / ChangeUserUserGroup, or a renewal from the access_token header. */
  accessToken: string | null;
  profile: Profile | null;
  status: SessionStatus;
}

const initialState: AuthState = { accessToken: null, profile: null, status: 'signedOut' };

export const authSlice = createSlice({
  name: 'auth',
  initialState,
  reducers: {
    restoring(state) {
      state.status = 'restoring';
    },
    tokenReceived(state, action: PayloadAction<string>) {
      state.accessToken = action.payload;
    },
    profileLoaded(state, action: PayloadAction<Profile>) {
      state.profile = action.payload;
      state.status = 'signedIn';
    },
    sessionCleared() {
      return initialState;
    },
  },
});

export const { restoring, tokenReceived, profileLoaded, sessionCleared } = authSlice.actions;
