/** The Chinese catalogue's chunk: the app's texts and the domain's enum labels, loaded when Chinese is chosen. */
export { zh } from './zh.ts';
export { ENUM_LABELS_ZH as labels } from '@paydesk/domain';
