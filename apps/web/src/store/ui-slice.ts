/** Presentation preferences, persisted: theme, language, side navigation collapsed. */
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

export type ThemeMode = 'light' | 'dark';
export const LANGUAGES = ['en', 'ms', 'zh'] as const;
export type Language = (typeof LANGUAGES)[number];

export interface UiState {
  theme: ThemeMode;
  language: Language;
  siderCollapsed: boolean;
}

const initialState: UiState = { theme: 'light', language: 'en', siderCollapsed: false };

export const uiSlice = createSlice({
  name: 'ui',
  initialState,
  reducers: {
    themeChanged(state, action: PayloadAction<ThemeMode>) {
      state.theme = action.payload;
    },
    languageChanged(state, action: PayloadAction<Language>) {
      state.language = action.payload;
    },
    siderToggled(state) {
      state.siderCollapsed = !state.siderCollapsed;
    },
  },
});

export const { themeChanged, languageChanged, siderToggled } = uiSlice.actions;
