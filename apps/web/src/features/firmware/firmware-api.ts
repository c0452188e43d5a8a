/**
 * /terminal-firmware-management's calls through the app's API client (secure channel,
 * §8 toasts: a refusal has had its toast when a promise here rejects): the firmware and rollout
 * lists and one rollout as RTK Query endpoints (the rollout is polled while it runs), the signed
 * multipart upload and the download; the writes are RTK Query mutations that ask the lists again.
 * Create sends one Idempotency-Key per wizard. A rollout's pause, resume and cancel are the
 * FirmwareRollout workflow's commands (shared/workflow/), which ask FIRMWARE_TAG again.
 */
import type { BodyOf, ResponseOf } from '@paydesk/contract';
import { apiClient } from '../../api/index.ts';
import { api, onSuccess } from '../../store/api.ts';
import { fileForm, routeUpload, type DownloadArgs } from '../../store/file-api.ts';

export type Firmware = ResponseOf<'firmwareGet'>;
export type FirmwareRow = ResponseOf<'firmwareSearch'>['Items'][number];
export type Rollout = ResponseOf<'rolloutGet'>;
export type RolloutRow = ResponseOf<'rolloutSearch'>['Items'][number];
export type RolloutPlan = BodyOf<'rolloutPreview'>;
export type RolloutPreview = ResponseOf<'rolloutPreview'>;

/** The tag of every firmware list and rollout view (the rollout drawer's workflow commands ask it again). */
export const FIRMWARE_TAG = 'Firmware' as const;
const TAG = FIRMWARE_TAG;

const firmwareApi = api.enhanceEndpoints({ addTagTypes: [TAG] }).injectEndpoints({
  endpoints: (build) => ({
    firmwareSearch: build.query<ResponseOf<'firmwareSearch'>, BodyOf<'firmwareSearch'>>({
      query: (body) => ({ name: 'firmwareSearch', body }),
      providesTags: [TAG],
    }),
    rolloutSearch: build.query<ResponseOf<'rolloutSearch'>, BodyOf<'rolloutSearch'>>({
      query: (body) => ({ name: 'rolloutSearch', body }),
      providesTags: [TAG],
    }),
    rolloutGet: build.query<Rollout, number>({
      query: (id) => ({ name: 'rolloutGet', params: { Id: id } }),
      providesTags: [TAG],
    }),
    rolloutTargets: build.query<ResponseOf<'rolloutTargets'>, BodyOf<'rolloutTargets'>>({
      query: (body) => ({ name: 'rolloutTargets', body }),
      providesTags: [TAG],
    }),
    firmwareRetire: build.mutation<Firmware, BodyOf<'firmwareRetire'>>({
      query: (body) => ({ name: 'firmwareRetire', body }),
      invalidatesTags: onSuccess([TAG]),
    }),
    /** What a plan would reach; changes nothing (a mutation: it is asked for by a click, never cached). */
    rolloutPreview: build.mutation<RolloutPreview, RolloutPlan>({
      query: (body) => ({ name: 'rolloutPreview', body }),
    }),
    /** Starts a rollout; `key` is the wizard's Idempotency-Key (a retried click is answered once). */
    rolloutCreate: build.mutation<Rollout, { body: BodyOf<'rolloutCreate'>; key: string }>({
      query: ({ body, key }) => ({ name: 'rolloutCreate', body, options: { idempotencyKey: key } }),
      invalidatesTags: onSuccess([TAG]),
    }),
  }),
});

export const {
  useFirmwareSearchQuery,
  useRolloutSearchQuery,
  useRolloutGetQuery,
  useRolloutTargetsQuery,
  useFirmwareRetireMutation,
  useRolloutPreviewMutation,
  useRolloutCreateMutation,
} = firmwareApi;

/** Asks every list and the open rollout again (after an upload; the other writes' mutations do it). */
export const invalidateFirmware = () => firmwareApi.util.invalidateTags([TAG]);

/** Whether a rollout may still change by itself (the screen polls it). */
export const isLive = (status: RolloutRow['Status']) => status === 'RUNNING' || status === 'PAUSED';

/** One image with the caller's allowed actions. */
export const fetchFirmware = (id: number): Promise<Firmware> => apiClient().get('firmwareGet', { params: { Id: id } });

/** The form of an upload: fields first, then the file (the server reads them in this order). */
export interface FirmwareUploadForm {
  version: string;
  models: string[];
  releaseNotes: string;
  /** SHA-256 to check the file against (the one computed here, or the vendor's). */
  sha256: string;
  file: File;
}

/**
 * An image as signed multipart (fields first, then the file), for `useUpload`: answers the stored
 * image; once accepted the image list is asked again.
 */
export const firmwareUpload = (f: FirmwareUploadForm) =>
  routeUpload('firmwareUpload', fileForm(f.file, { Version: f.version, Models: f.models.join(','), ReleaseNotes: f.releaseNotes, Sha256: f.sha256 }), { invalidates: [FIRMWARE_TAG] });

/** An image's file, for `downloadFile`: saved by the browser under the server's name. */
export const firmwareDownload = (id: number): DownloadArgs => ({ name: 'firmwareFile', params: { Id: id } });

/** Hex of the SHA-256 of `bytes` (WebCrypto), lower case as the server answers it. */
export async function sha256Hex(bytes: ArrayBuffer): Promise<string> {
  // A view, not the buffer itself: WebCrypto checks views across realms (a test DOM's buffers are another realm's).
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', new Uint8Array(bytes)));
  return Array.from(digest, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** Reads `file` whole, telling the fraction read (0–1) as it goes. */
export function readWithProgress(file: Blob, onProgress: (fraction: number) => void): Promise<ArrayBuffer> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onprogress = (e) => e.lengthComputable && onProgress(e.loaded / e.total);
    reader.onload = () => {
      onProgress(1);
      resolve(reader.result as ArrayBuffer);
    };
    reader.onerror = () => reject(reader.error ?? new Error('read failed'));
    reader.readAsArrayBuffer(file);
  });
}
