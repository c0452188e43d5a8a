/**
 * /merchant-bulk-upload's calls through the app's API client (secure channel,
 * §8 toasts): the uploads list and one upload as RTK Query endpoints (the screen polls the open
 * upload while its job runs); the template download and the multipart upload are the arguments
 * of the shared file mutations (store/file-api.ts).
 */
import type { BodyOf, ResponseOf } from '@paydesk/contract';
import { api } from '../../store/api.ts';
import { fileForm, routeUpload, type DownloadArgs } from '../../store/file-api.ts';

export type MerchantUpload = ResponseOf<'merchantUploadSubmit'>;
export type MerchantUploadDetail = ResponseOf<'merchantUploadGet'>;
export type UploadSearchBody = BodyOf<'merchantUploadSearch'>;

const TAG = 'MerchantUpload' as const;

const uploadApi = api.enhanceEndpoints({ addTagTypes: [TAG] }).injectEndpoints({
  endpoints: (build) => ({
    merchantUploadSearch: build.query<ResponseOf<'merchantUploadSearch'>, UploadSearchBody>({
      query: (body) => ({ name: 'merchantUploadSearch', body }),
      providesTags: [TAG],
    }),
    merchantUploadGet: build.query<MerchantUploadDetail, number>({
      query: (id) => ({ name: 'merchantUploadGet', params: { Id: id } }),
      providesTags: [TAG],
    }),
  }),
});

export const { useMerchantUploadSearchQuery, useMerchantUploadGetQuery } = uploadApi;

/** Asks the list and the open upload again. */
export const invalidateUploads = () => uploadApi.util.invalidateTags([TAG]);

/** Whether the upload's job is still at work (the screen polls it). */
export const isRunning = (status: MerchantUpload['Status']) => status === 'QUEUED' || status === 'VALIDATING' || status === 'APPLYING';

/** The template (XLSX with the caller's agents), for `downloadFile`: saved under the server's name. */
export const TEMPLATE_DOWNLOAD: DownloadArgs = { name: 'merchantUploadTemplate' };

/**
 * A merchant file as multipart `file`, for `useUpload`: answers the upload, QUEUED; once accepted
 * the uploads list (and any open upload) is asked again.
 */
export const merchantFileUpload = (file: File) => routeUpload('merchantUploadSubmit', fileForm(file), { invalidates: [TAG] });
