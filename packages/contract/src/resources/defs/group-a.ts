/** Resources of group A (reference and pricing configuration). */
import type { ResourceDef } from '../define.ts';
import { currencyResource } from './currency.ts';

export const GROUP_A: ResourceDef[] = [currencyResource as unknown as ResourceDef];
