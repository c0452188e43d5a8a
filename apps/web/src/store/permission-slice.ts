/**
 * Permission state (§3): selected company (membership), selected currency and the held
 * `module:action` list. Persisted, so a reload shows the same menu and currency at once.
 */
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { Company } from '@paydesk/contract';
import { profileLoaded, sessionCleared } from './auth-slice.ts';
import { pickCurrency } from './currency.ts';
import { currencyListReceived } from './system-data-slice.ts';

export interface PermissionState {
  selectedCompany: Company | null;
  selectedCurrency: string | null;
  modulePermission: string[];
}

const initialState: PermissionState = { selectedCompany: null, selectedCurrency: null, modulePermission: [] };

export const permissionSlice = createSlice({
  name: 'permission',
  initialState,
  reducers: {
    modulePermissionReceived(state, action: PayloadAction<string[]>) {
      state.modulePermission = action.payload;
    },
    currencySelected(state, action: PayloadAction<string>) {
      state.selectedCurrency = action.payload;
    },
  },
  extraReducers: (b) =>
    b
      .addCase(profileLoaded, (state, { payload }) => {
        state.selectedCompany = payload.Current;
        state.modulePermission = payload.Permissions;
      })
      .addCase(currencyListReceived, (state, { payload }) => {
        state.selectedCurrency = pickCurrency(payload, state.selectedCurrency);
      })
      // §4: token and module permissions go; the chosen currency is a preference and stays.
      .addCase(sessionCleared, (state) => {
        state.selectedCompany = null;
        state.modulePermission = [];
      }),
});

export const { modulePermissionReceived, currencySelected } = permissionSlice.actions;
