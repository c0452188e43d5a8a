/** The payment-method selection of §3, reset when the session ends (§4). */
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { PaymentMethod } from '@paydesk/domain';
import { sessionCleared } from './auth-slice.ts';

export interface PaymentMethodState {
  selected: PaymentMethod | null;
}

const initialState: PaymentMethodState = { selected: null };

export const paymentMethodSlice = createSlice({
  name: 'paymentMethod',
  initialState,
  reducers: {
    paymentMethodSelected(state, action: PayloadAction<PaymentMethod | null>) {
      state.selected = action.payload;
    },
    paymentMethodReset: () => initialState,
  },
  extraReducers: (b) => b.addCase(sessionCleared, () => initialState),
});

export const { paymentMethodSelected, paymentMethodReset } = paymentMethodSlice.actions;
