/** The Malay catalogue's chunk: the app's texts and the domain's enum labels, loaded when Malay is chosen. */
export { ms } from './ms.ts';
export { ENUM_LABELS_MS as labels } from '@paydesk/domain';
