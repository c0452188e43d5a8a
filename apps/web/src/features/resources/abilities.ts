/** What the signed-in user may do on a resource: its declared actions that the user's permissions allow. */
import { resourcePermission, type ResourceAction, type ResourceDef } from '@paydesk/contract';
import { useAppSelector } from '../../store/hooks.ts';
import { selectHeldPermissions } from '../../store/selectors.ts';

export type Abilities = Record<ResourceAction, boolean>;

const ACTIONS: ResourceAction[] = ['create', 'update', 'setStatus', 'delete', 'export', 'bulkUpload'];

export function abilitiesOf(def: Pick<ResourceDef, 'module' | 'actions'>, held: ReadonlySet<string>): Abilities {
  return Object.fromEntries(
    ACTIONS.map((a) => [a, def.actions.includes(a) && held.has(resourcePermission(def, a.toLowerCase() as Lowercase<ResourceAction>))]),
  ) as Abilities;
}

export function useAbilities(def: ResourceDef): Abilities {
  const held = useAppSelector(selectHeldPermissions);
  return abilitiesOf(def, held);
}
