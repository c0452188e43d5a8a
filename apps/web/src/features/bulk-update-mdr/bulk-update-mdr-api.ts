/**
 * System configuration › Bulk update MDR (permission `bulkupdateconfiguration:mdr`): a file of MDR
 * rates is previewed (each row's change, before and after, and the rows in error), then the same
 * file is applied. Both are multipart uploads of the contract's route table, sent with the shared
 * upload mutation (store/file-api.ts).
 */
import type { ResponseOf } from '@paydesk/contract';
import type { WriteOptions } from '../../store/api.ts';
import { fileForm, routeUpload } from '../../store/file-api.ts';

export type MdrPreview = ResponseOf<'bulkUpdateMdrPreview'>;
export type MdrChange = MdrPreview['Changes'][number];
export type MdrRateValues = MdrChange['After'];
export type MdrApplyResult = ResponseOf<'bulkUpdateMdrApply'>;

/** The preview of a file (changes nothing), for `useUpload`; `options` lets the page claim a refused file. */
export const mdrPreview = (file: File, options?: WriteOptions) => routeUpload('bulkUpdateMdrPreview', fileForm(file), { options });

/**
 * The file applied, for `useUpload`. It invalidates nothing: this screen holds no list, and the
 * MDR rate lists belong to the resource engine, which a feature does not reach into.
 */
export const mdrApply = (file: File, options?: WriteOptions) => routeUpload('bulkUpdateMdrApply', fileForm(file), { options });
