/**
 * Where the resource engine's records with a lifecycle keep their history (contract
 * `ResourceDef.lifecycle`): the shared `resource_events` table, one kind per resource name. Apart
 * from lifecycle.ts so that crud.ts can log a creation without importing the commands.
 */
import type { ResourceDef } from '@paydesk/contract';
import type { Query } from '../db/client.ts';
import type { Scope } from '../platform/scope.ts';
import { logEvent, type EventTable } from '../workflows/engine.ts';

/** The event table of `def`'s records: resource_events, kind = the resource's name. */
export const lifecycleEvents = (def: Pick<ResourceDef, 'name'>): EventTable => ({ table: 'resource_events', key: 'record_id', fromTo: true, kind: { column: 'resource', value: def.name } });

/**
 * Appends new record `id`'s first event (CREATE into `state`, by the caller at `at` UTC) inside
 * the creating transaction `q`; nothing for a resource without a lifecycle.
 */
export async function logCreation(q: Query, def: ResourceDef, scope: Scope, id: number, state: unknown, at: Date): Promise<void> {
  if (!def.lifecycle) return;
  await logEvent(q, lifecycleEvents(def), id, { action: 'CREATE', from: null, to: String(state), actorUserId: scope.userId, summary: null, at });
}
