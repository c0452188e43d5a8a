/**
 * The profile screens' calls (issue 13 Build 1–3) through the app's API client (secure channel,
 * §8 toasts: a refusal has had its toast when a promise here rejects, unless the caller claimed
 * it with `silent`), for any segment (segments.ts):
 *  - the list (POST {S}/Profile/Search), a profile (GET {S}/Profile/:Id) and its status history
 *    (GET {S}/Profile/:Id/History) as RTK Query endpoints, tagged so that a change asks again;
 *  - create, update, a KYC review action, resubmission (POST Create / Update / Review / Submit);
 *  - a KYC document: upload (multipart DocType then file), download (saved under the server's
 *    file name), remove.
 */
import type { UnknownAction } from '@reduxjs/toolkit';
import type { BodyOf, ProfileSegment, ResponseOf } from '@paydesk/contract';
import type { OrgDocumentType } from '@paydesk/domain';
import { apiClient } from '../../api/index.ts';
import type { RequestOptions } from '../../api/client.ts';
import { api, type HandledError } from '../../store/api.ts';
import { routeOf } from './segments.ts';

export type ProfileSearchBody = BodyOf<'merchantProfileSearch'>;
export type ProfileSearchAnswer = ResponseOf<'merchantProfileSearch'>;
export type ProfileRow = ProfileSearchAnswer['Rows'][number];
export type ProfileDetail = ResponseOf<'merchantProfileGet'>;
export type ProfileDocument = ProfileDetail['Documents'][number];
export type ProfileHistoryRow = ResponseOf<'merchantProfileHistory'>['Rows'][number];
export type ProfileCreateBody = BodyOf<'merchantProfileCreate'>;
export type ProfileUpdateBody = BodyOf<'merchantProfileUpdate'>;
export type ProfileReviewBody = BodyOf<'merchantProfileReview'>;

/** A profile of a segment (the cache key of its detail and history). */
export interface ProfileRef {
  segment: ProfileSegment;
  id: number;
}

const PROFILE_TAG = 'Profile' as const;
const HISTORY_TAG = 'ProfileHistory' as const;
const LIST_ID = 'LIST';

/** A query over the client: the answer, or the handled error (its toast was shown). */
async function answerOf<T>(call: () => Promise<T>): Promise<{ data: T } | { error: HandledError }> {
  try {
    return { data: await call() };
  } catch {
    return { error: { handled: true } };
  }
}

const profileApi = api.enhanceEndpoints({ addTagTypes: [PROFILE_TAG, HISTORY_TAG] }).injectEndpoints({
  endpoints: (build) => ({
    profileSearch: build.query<ProfileSearchAnswer, { segment: ProfileSegment; body: ProfileSearchBody }>({
      queryFn: ({ segment, body }, { signal }) => answerOf(() => apiClient().post(routeOf(segment, 'Search'), body, { signal })),
      providesTags: [{ type: PROFILE_TAG, id: LIST_ID }],
    }),
    profileGet: build.query<ProfileDetail, ProfileRef>({
      queryFn: ({ segment, id }, { signal }) => answerOf(() => apiClient().get(routeOf(segment, 'Get'), { params: { Id: id }, signal })),
      providesTags: (_r, _e, { id }) => [{ type: PROFILE_TAG, id }],
    }),
    profileHistory: build.query<ResponseOf<'merchantProfileHistory'>, ProfileRef>({
      queryFn: ({ segment, id }, { signal }) => answerOf(() => apiClient().get(routeOf(segment, 'History'), { params: { Id: id }, signal })),
      providesTags: (_r, _e, { id }) => [{ type: HISTORY_TAG, id }],
    }),
  }),
});

export const { useProfileSearchQuery, useProfileGetQuery, useProfileHistoryQuery } = profileApi;

/** Asks the lists again (a profile was created or changed). */
export const invalidateProfileLists = () => profileApi.util.invalidateTags([{ type: PROFILE_TAG, id: LIST_ID }]);

/** Asks a profile, its history and the lists again (a document changed, a stale version was found). */
export const invalidateProfile = (id: number) =>
  profileApi.util.invalidateTags([
    { type: PROFILE_TAG, id },
    { type: HISTORY_TAG, id },
    { type: PROFILE_TAG, id: LIST_ID },
  ]);

/**
 * Shows a profile as the server answered it after a change (update, KYC action) at once, and
 * asks its history and the lists again (its status or name may have changed).
 */
export const profileAnswered = (segment: ProfileSegment, detail: ProfileDetail): UnknownAction =>
  // A thunk (the store's thunk middleware runs it); typed as an action because the app's dispatch
  // type does not know this injected endpoint's state slice.
  profileApi.util.upsertQueryData('profileGet', { segment, id: detail.Id }, detail) as unknown as UnknownAction;

/** The history and the lists of a profile, asked again (after its status changed). */
export const invalidateAfterChange = (id: number) =>
  profileApi.util.invalidateTags([
    { type: HISTORY_TAG, id },
    { type: PROFILE_TAG, id: LIST_ID },
  ]);

/** Creates a profile (PENDING, submitted by the caller); resolves with its Id and Version. */
export const createProfile = (segment: ProfileSegment, body: ProfileCreateBody, options?: RequestOptions) => apiClient().post(routeOf(segment, 'Create'), body, options);

/** Updates a profile with its Version (stale: CF409); resolves with the profile as stored. */
export const updateProfile = (segment: ProfileSegment, body: ProfileUpdateBody, options?: RequestOptions) => apiClient().post(routeOf(segment, 'Update'), body, options);

/** A reviewer's KYC action (START_REVIEW, VERIFY, REJECT, SUSPEND, REINSTATE); resolves with the profile. */
export const reviewProfile = (segment: ProfileSegment, body: ProfileReviewBody, options?: RequestOptions) => apiClient().post(routeOf(segment, 'Review'), body, options);

/** The maker resubmits a REJECTED profile (PENDING again); resolves with the profile. */
export const submitProfile = (segment: ProfileSegment, id: number, version: number, options?: RequestOptions) => apiClient().post(routeOf(segment, 'Submit'), { Id: id, Version: version }, options);

/**
 * Adds a KYC document to a profile: multipart with `DocType` first, then the file (PDF, JPEG or
 * PNG by its magic bytes, at most ORG_DOCUMENT_MAX_BYTES; the server decides). Resolves with the
 * document's record.
 */
export function uploadDocument(segment: ProfileSegment, id: number, docType: OrgDocumentType, file: File, options?: RequestOptions): Promise<ProfileDocument> {
  const form = new FormData();
  form.append('DocType', docType);
  form.append('file', file, file.name);
  return apiClient().postMultipart(routeOf(segment, 'DocumentUpload'), form, { ...options, params: { Id: id } });
}

/** Saves a KYC document; resolves with its file name. */
export const downloadDocument = (segment: ProfileSegment, documentId: number): Promise<string> => apiClient().getFile(routeOf(segment, 'Document'), { params: { Id: documentId } });

/** Removes a KYC document (the server keeps it for the audit). */
export const deleteDocument = (segment: ProfileSegment, documentId: number) => apiClient().post(routeOf(segment, 'DocumentDelete'), { Id: documentId });
