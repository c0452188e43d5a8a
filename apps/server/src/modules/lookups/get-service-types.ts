/** GetServiceType (§7 Lookups): the service types 1–6 of §4/§9 with their English names. */
import { SERVICE_TYPES } from '@paydesk/domain';
import { englishLabel } from './labels.ts';

export function getServiceTypes(): { ServiceType: number; Name: string }[] {
  return SERVICE_TYPES.map((s) => ({ ServiceType: s.code, Name: englishLabel(s) }));
}
