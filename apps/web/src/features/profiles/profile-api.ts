/**
 * The profile screens' calls through the app's API client (secure channel,
 * §8 toasts: a refusal has had its toast when a promise here rejects, unless the caller claimed
 * it with `silent`), for any segment (segments.ts):
 *  - the list (POST {S}/Profile/Search), a profile (GET {S}/Profile/:Id) and its status history
 *    (GET {S}/Profile/:Id/History) as RTK Query endpoints, tagged so that a change asks again;
 *  - as RTK Query mutations that ask the changed profile's views again: create, update, a KYC
 *    review action, resubmission (POST Create / Update / Review / Submit), moving a merchant to
 *    another agent, removing a KYC document;
 *  - a KYC document: upload (multipart DocType then file) and download (saved under the server's
 *    file name), as arguments of the shared file mutations (store/file-api.ts).
 */
import type { UnknownAction } from '@reduxjs/toolkit';
import type { BodyOf, ProfileSegment, ResponseOf } from '@paydesk/contract';
import type { OrgDocumentType } from '@paydesk/domain';
import { apiClient } from '../../api/index.ts';
import { api, type HandledError, type WriteOptions } from '../../store/api.ts';
import { fileForm, routeUpload, type DownloadArgs } from '../../store/file-api.ts';
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

/** A write of a segment's profile: its body and the caller's options (a form claims field refusals). */
export interface ProfileWrite<B> {
  segment: ProfileSegment;
  body: B;
  options?: WriteOptions;
}

/** A profile, its history and the lists. */
const profileTags = (id: number) => [
  { type: PROFILE_TAG, id },
  { type: HISTORY_TAG, id },
  { type: PROFILE_TAG, id: LIST_ID },
];

/**
 * After a status change (KYC action, move): its history and the lists, as the caller shows the
 * answered profile at once (`profileAnswered`); after a refusal (stale version, not allowed any
 * more) the profile too, so that the screen shows it as it is now.
 */
const statusChangeTags = (id: number, error: unknown) =>
  error
    ? profileTags(id)
    : [
        { type: HISTORY_TAG, id },
        { type: PROFILE_TAG, id: LIST_ID },
      ];

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
    /** Creates a profile (PENDING, submitted by the caller); resolves with its Id and Version. */
    profileCreate: build.mutation<ResponseOf<'merchantProfileCreate'>, ProfileWrite<ProfileCreateBody>>({
      query: ({ segment, body, options }) => ({ name: routeOf(segment, 'Create'), body, options }),
      invalidatesTags: (result, error) => (error || !result ? [] : profileTags(result.Id)),
    }),
    /** Updates a profile with its Version (stale: CF409); resolves with the profile as stored. */
    profileUpdate: build.mutation<ProfileDetail, ProfileWrite<ProfileUpdateBody>>({
      query: ({ segment, body, options }) => ({ name: routeOf(segment, 'Update'), body, options }),
      invalidatesTags: (_result, error, { body }) => (error ? [] : profileTags(Number(body.Id))),
    }),
    /** A reviewer's KYC action (START_REVIEW, VERIFY, REJECT, SUSPEND, REINSTATE); resolves with the profile. */
    profileReview: build.mutation<ProfileDetail, ProfileWrite<ProfileReviewBody>>({
      query: ({ segment, body, options }) => ({ name: routeOf(segment, 'Review'), body, options }),
      invalidatesTags: (_result, error, { body }) => statusChangeTags(Number(body.Id), error),
    }),
    /** The maker resubmits a REJECTED profile (PENDING again); resolves with the profile. */
    profileSubmit: build.mutation<ProfileDetail, ProfileWrite<{ Id: number; Version: number }>>({
      query: ({ segment, body, options }) => ({ name: routeOf(segment, 'Submit'), body, options }),
      invalidatesTags: (_result, error, { body }) => statusChangeTags(Number(body.Id), error),
    }),
    /** Moves a merchant under another agent at its Version; resolves with the profile. */
    merchantProfileMove: build.mutation<ProfileDetail, BodyOf<'merchantProfileMove'>>({
      query: (body) => ({ name: 'merchantProfileMove', body }),
      invalidatesTags: (_result, error, body) => statusChangeTags(Number(body.Id), error),
    }),
    /** Removes a KYC document of profile `profileId` (the server keeps it for the audit). */
    profileDocumentDelete: build.mutation<ResponseOf<'merchantProfileDocumentDelete'>, { segment: ProfileSegment; profileId: number; documentId: number }>({
      query: ({ segment, documentId }) => ({ name: routeOf(segment, 'DocumentDelete'), body: { Id: documentId } }),
      invalidatesTags: (_result, error, { profileId }) => (error ? [] : profileTags(profileId)),
    }),
  }),
});

export const {
  useProfileSearchQuery,
  useProfileGetQuery,
  useProfileHistoryQuery,
  useProfileCreateMutation,
  useProfileUpdateMutation,
  useProfileReviewMutation,
  useProfileSubmitMutation,
  useMerchantProfileMoveMutation,
  useProfileDocumentDeleteMutation,
} = profileApi;

/** Asks the lists again (a profile was created or changed). */
export const invalidateProfileLists = () => profileApi.util.invalidateTags([{ type: PROFILE_TAG, id: LIST_ID }]);

/**
 * Shows a profile as the server answered it after a change (update, KYC action) at once, and
 * asks its history and the lists again (its status or name may have changed).
 */
export const profileAnswered = (segment: ProfileSegment, detail: ProfileDetail): UnknownAction =>
  // A thunk (the store's thunk middleware runs it); typed as an action because the app's dispatch
  // type does not know this injected endpoint's state slice.
  profileApi.util.upsertQueryData('profileGet', { segment, id: detail.Id }, detail) as unknown as UnknownAction;

/**
 * A KYC document for profile `id`, for `useUpload`: multipart with `DocType` first, then the file
 * (PDF, JPEG or PNG by its magic bytes, at most ORG_DOCUMENT_MAX_BYTES; the server decides).
 * Answers the document's record; once added, the profile, its history and the lists are asked
 * again. `options` lets the form claim the server's refusal.
 */
export const documentUpload = (segment: ProfileSegment, id: number, docType: OrgDocumentType, file: File, options?: WriteOptions) =>
  routeUpload(routeOf(segment, 'DocumentUpload'), fileForm(file, { DocType: docType }), { params: { Id: id }, options, invalidates: profileTags(id) });

/** A KYC document, for `downloadFile`: saved under the server's file name. */
export const documentDownload = (segment: ProfileSegment, documentId: number): DownloadArgs => ({ name: routeOf(segment, 'Document'), params: { Id: documentId } });
