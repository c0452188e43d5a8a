/**
 * The export history's call (route `exportHistory`) as an RTK Query endpoint. Exports happen on
 * other screens, so the screen asks again each time it opens (refetchOnMountOrArgChange), and its
 * refresh asks again on demand. A failed call has had its toast (the base query).
 */
import type { BodyOf, ResponseOf } from '@paydesk/contract';
import type { SkipToken } from '@reduxjs/toolkit/query';
import { api } from '../../store/api.ts';

export type ExportHistoryPage = ResponseOf<'exportHistory'>;
export type ExportRunRow = ExportHistoryPage['Items'][number];

const exportHistoryApi = api.injectEndpoints({
  endpoints: (build) => ({
    exportHistory: build.query<ExportHistoryPage, BodyOf<'exportHistory'>>({
      query: (body) => ({ name: 'exportHistory', body }),
    }),
  }),
});

/** The history page of `body`, asked again whenever the screen mounts. */
export const useExportHistory = (body: BodyOf<'exportHistory'> | SkipToken) => exportHistoryApi.useExportHistoryQuery(body, { refetchOnMountOrArgChange: true });
