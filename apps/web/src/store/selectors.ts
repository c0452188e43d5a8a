import { createSelector } from '@reduxjs/toolkit';
import type { RootState } from './index.ts';

/** Held permissions: only while signed in, so a stale persisted list never shows a menu. */
export const selectHeldPermissions = createSelector(
  [(s: RootState) => s.auth.status, (s: RootState) => s.permission.modulePermission],
  (status, list): ReadonlySet<string> => new Set(status === 'signedIn' ? list : []),
);

export const selectSelectedCurrency = (s: RootState) => s.permission.selectedCurrency;
export const selectProfile = (s: RootState) => s.auth.profile;
