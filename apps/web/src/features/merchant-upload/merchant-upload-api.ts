/**
 * /merchant-bulk-upload's calls through the app's API client (secure channel,
 * §8 toasts): the uploads list and one upload as RTK Query endpoints (the screen polls the open
 * upload while its job runs), the template download and the multipart upload.
 */
import type { BodyOf, ResponseOf } from '@paydesk/contract';
import { apiClient } from '../../api/index.ts';
import type { RequestOptions } from '../../api/client.ts';
import { api } from '../../store/api.ts';

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

/** Downloads the template (saved by the browser); answers its file name. */
export const downloadTemplate = (): Promise<string> => apiClient().getFile('merchantUploadTemplate');

/** Sends a merchant file; answers the upload, QUEUED. */
export function uploadMerchantFile(file: File, options?: RequestOptions): Promise<MerchantUpload> {
  const form = new FormData();
  form.append('file', file, file.name);
  return apiClient().postMultipart('merchantUploadSubmit', form, options);
}
