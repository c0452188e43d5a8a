/** The screen of a declared resource at its path: the generic list and form, with its overrides. */
import type { ResourceDef } from '@paydesk/contract';
import { ResourceList } from '../components/resource-list.tsx';
import { RESOURCE_OVERRIDES } from '../overrides/index.ts';

export function ResourcePage({ def }: { def: ResourceDef }) {
  return <ResourceList key={def.name} def={def} override={RESOURCE_OVERRIDES[def.path]} />;
}
