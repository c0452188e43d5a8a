/**
 * System configuration › Bulk update MDR (permission `bulkupdateconfiguration:mdr`): a file of MDR
 * rates is previewed (each row's change, before and after, and the rows in error), then the same
 * file is applied. Both are multipart uploads of the contract's route table.
 */
import type { ResponseOf } from '@paydesk/contract';
import { apiClient } from '../../api/index.ts';
import type { RequestOptions } from '../../api/client.ts';

export type MdrPreview = ResponseOf<'bulkUpdateMdrPreview'>;
export type MdrChange = MdrPreview['Changes'][number];
export type MdrRateValues = MdrChange['After'];
export type MdrApplyResult = ResponseOf<'bulkUpdateMdrApply'>;

function fileForm(file: File): FormData {
  const form = new FormData();
  form.append('file', file, file.name);
  return form;
}

export const previewMdrFile = (file: File, options?: RequestOptions) => apiClient().postMultipart('bulkUpdateMdrPreview', fileForm(file), options);

export const applyMdrFile = (file: File, options?: RequestOptions) => apiClient().postMultipart('bulkUpdateMdrApply', fileForm(file), options);
