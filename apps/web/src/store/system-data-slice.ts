/** Lookup data shared by screens (§3): the active currency list. Emptied when the session ends. */
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { sessionCleared } from './auth-slice.ts';
import type { Currency } from './currency.ts';

export interface SystemDataState {
  currency_list: Currency[];
}

const initialState: SystemDataState = { currency_list: [] };

export const systemDataSlice = createSlice({
  name: 'systemData',
  initialState,
  reducers: {
    currencyListReceived(state, action: PayloadAction<Currency[]>) {
      state.currency_list = action.payload;
    },
  },
  extraReducers: (b) => b.addCase(sessionCleared, () => initialState),
});

export const { currencyListReceived } = systemDataSlice.actions;
