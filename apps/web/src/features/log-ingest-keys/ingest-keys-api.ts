/**
 * /log-ingest-keys' calls through the app's API client (secure channel, §8 toasts: a refusal has
 * had its toast when a promise here rejects): the key list as an RTK Query endpoint over POST
 * LogIngestKey/Search, and Issue, Rotate and Revoke as mutations that ask the list again. A key
 * answered by Issue or Rotate is shown once by the screen and kept nowhere by the app.
 */
import type { BodyOf, ResponseOf } from '@paydesk/contract';
import { api, onSuccess } from '../../store/api.ts';

export type IngestKeyRow = ResponseOf<'logIngestKeySearch'>['Items'][number];
export type IssuedKey = ResponseOf<'logIngestKeyIssue'>;

const TAG = 'LogIngestKey' as const;

const ingestKeysApi = api.enhanceEndpoints({ addTagTypes: [TAG] }).injectEndpoints({
  endpoints: (build) => ({
    logIngestKeySearch: build.query<ResponseOf<'logIngestKeySearch'>, BodyOf<'logIngestKeySearch'>>({
      query: (body) => ({ name: 'logIngestKeySearch', body }),
      providesTags: [TAG],
    }),
    /** Issues a key: the answer holds the key, shown once. */
    logIngestKeyIssue: build.mutation<IssuedKey, BodyOf<'logIngestKeyIssue'>>({
      query: (body) => ({ name: 'logIngestKeyIssue', body }),
      invalidatesTags: onSuccess([TAG]),
    }),
    /** Rotates a key: the answer holds the new key, shown once; the old one is revoked. */
    logIngestKeyRotate: build.mutation<ResponseOf<'logIngestKeyRotate'>, BodyOf<'logIngestKeyRotate'>>({
      query: (body) => ({ name: 'logIngestKeyRotate', body }),
      invalidatesTags: onSuccess([TAG]),
    }),
    logIngestKeyRevoke: build.mutation<ResponseOf<'logIngestKeyRevoke'>, BodyOf<'logIngestKeyRevoke'>>({
      query: (body) => ({ name: 'logIngestKeyRevoke', body }),
      invalidatesTags: onSuccess([TAG]),
    }),
  }),
});

export const { useLogIngestKeySearchQuery, useLogIngestKeyIssueMutation, useLogIngestKeyRotateMutation, useLogIngestKeyRevokeMutation } = ingestKeysApi;
