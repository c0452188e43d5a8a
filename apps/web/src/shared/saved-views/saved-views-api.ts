/**
 * Saved views' calls (routes `savedViewList`, `savedViewSave`, `savedViewDelete`) as RTK Query
 * endpoints: the list per screen is cached under the `SavedView` tag, which a save or a delete
 * invalidates. A failed save or delete has had its toast (the base query).
 */
import type { BodyOf, ResponseOf } from '@paydesk/contract';
import { api } from '../../store/api.ts';

export type SavedViewAnswer = ResponseOf<'savedViewSave'>;

const TAG = 'SavedView';

const savedViewsApi = api.enhanceEndpoints({ addTagTypes: [TAG] }).injectEndpoints({
  endpoints: (build) => ({
    savedViews: build.query<ResponseOf<'savedViewList'>, string>({
      query: (Screen) => ({ name: 'savedViewList', body: { Screen } }),
      providesTags: (_r, _e, screen) => [{ type: TAG, id: screen }],
    }),
    saveView: build.mutation<SavedViewAnswer, BodyOf<'savedViewSave'>>({
      query: (body) => ({ name: 'savedViewSave', body }),
      invalidatesTags: (_r, error, { Screen }) => (error ? [] : [{ type: TAG, id: Screen }]),
    }),
    deleteView: build.mutation<ResponseOf<'savedViewDelete'>, { Id: number; Screen: string }>({
      query: ({ Id }) => ({ name: 'savedViewDelete', body: { Id } }),
      invalidatesTags: (_r, error, { Screen }) => (error ? [] : [{ type: TAG, id: Screen }]),
    }),
  }),
});

export const { useSavedViewsQuery, useSaveViewMutation, useDeleteViewMutation } = savedViewsApi;
