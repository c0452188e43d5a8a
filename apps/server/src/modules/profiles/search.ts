/**
 * The profile list of a screen: organizations of the segment's levels inside
 * the caller's subtree, filtered by keyword (name, registration numbers, MID), onboarding status,
 * parent and (merchant screen) HQ or branch, sorted by a declared column and paged by offset
 * (1,255 organizations today: an offset page is a few ms).
 */
import type { z } from 'zod';
import type { ProfileSearchRequest, ProfileSearchResponse, ProfileSegment } from '@paydesk/contract';
import type { OnboardingStatus, OrgLevel } from '@paydesk/domain';
import type { Query } from '../../db/client.ts';
import { badInput } from '../../platform/errors.ts';
import { subtreeSql, type Scope } from '../../platform/scope.ts';
import { levelsOf } from './read.ts';

/** The column of each sortable field; the id breaks ties so pages never overlap. */
const SORT_COLUMNS: Record<z.output<typeof ProfileSearchRequest>['SortField'], string> = {
  Name: 'o.name',
  RegNo: 'o.reg_no',
  Mid: 'o.mid',
  State: 'o.state',
  City: 'o.city',
  OnboardingStatus: 'o.onboarding_status',
  CreatedAt: 'o.created_at',
  UpdatedAt: 'o.updated_at',
};

/** LIKE pattern text with its wildcards escaped. */
const likeText = (s: string) => s.replace(/[\\%_]/g, (m) => `\\${m}`);

/**
 * One page of profiles. Throws VAL400 naming Level when a screen other than the merchant one
 * filters by it.
 */
export async function searchProfiles(q: Query, scope: Scope, segment: ProfileSegment, body: z.output<typeof ProfileSearchRequest>): Promise<z.output<typeof ProfileSearchResponse>> {
  if (body.Level && segment !== 'Merchant') throw badInput('Level', 'only the merchant list tells HQs from branches');
  const levels: OrgLevel[] = body.Level ? [body.Level === 'HQ' ? 'MERCHANT_HQ' : 'MERCHANT_BRANCH'] : levelsOf(segment);
  const values: unknown[] = [levels];
  const where = ['o.level = ANY($1::text[])'];
  const sub = subtreeSql(scope, 'o', values.length + 1);
  where.push(sub.text);
  values.push(...sub.values);
  if (body.Keyword) {
    values.push(`%${likeText(body.Keyword)}%`);
    const p = `$${values.length}`;
    where.push(`(o.name ILIKE ${p} OR o.reg_no ILIKE ${p} OR o.reg_no_old ILIKE ${p} OR o.mid ILIKE ${p})`);
  }
  if (body.OnboardingStatus) {
    values.push(body.OnboardingStatus);
    where.push(`o.onboarding_status = $${values.length}`);
  }
  if (body.ParentId !== undefined) {
    values.push(body.ParentId);
    where.push(`o.parent_id = $${values.length}`);
  }
  const order = `${SORT_COLUMNS[body.SortField]} ${body.SortOrder === 'desc' ? 'DESC' : 'ASC'} NULLS LAST, o.id ${body.SortOrder === 'desc' ? 'DESC' : 'ASC'}`;
  const whereSql = where.join(' AND ');
  const [count] = await q<{ n: string }>(`SELECT count(*)::text AS n FROM organizations o WHERE ${whereSql}`, values);
  const rows = await q<Record<string, unknown>>(
    `SELECT o.id, o.name, o.reg_no, o.mid, o.level, o.parent_id, p.name AS parent_name, o.state, o.city, o.onboarding_status, o.is_active, o.created_at, o.updated_at
     FROM organizations o LEFT JOIN organizations p ON p.id = o.parent_id
     WHERE ${whereSql} ORDER BY ${order} LIMIT ${body.RowsPerPage} OFFSET ${(body.PageIndex - 1) * body.RowsPerPage}`,
    values,
  );
  return {
    Total: Number(count?.n ?? 0),
    Rows: rows.map((r) => ({
      Id: Number(r.id), Name: String(r.name), RegNo: (r.reg_no as string | null) ?? null, Mid: (r.mid as string | null) ?? null, Level: r.level as OrgLevel,
      ParentId: r.parent_id === null ? null : Number(r.parent_id), ParentName: (r.parent_name as string | null) ?? null, State: (r.state as string | null) ?? null,
      City: (r.city as string | null) ?? null, OnboardingStatus: r.onboarding_status as OnboardingStatus, IsActive: Number(r.is_active) === 1,
      CreatedAt: new Date(r.created_at as Date).toISOString(), UpdatedAt: new Date(r.updated_at as Date).toISOString(),
    })),
  };
}
