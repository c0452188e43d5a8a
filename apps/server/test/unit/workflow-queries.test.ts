/**
 * docs/queries/workflows/<list>.sql is current: the SQL text part of every workflow
 * list's file (titles, parameters, statements) equals what scripts/workflow-queries.ts renders
 * now, so a change to a list's SQL shows in review; and every list's statements are
 * parameterized: each `$n` has its parameter and each parameter its `$n`, and a request's own
 * values (keyword, status, the caller's organization path) travel only as parameters. Plans are
 * data-dependent and not compared; regenerate with `npm run workflow:queries` (DATABASE_URL for plans).
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { sqlTextPart, scopeAt } from '../../../../scripts/report-queries.ts';
import { WORKFLOW_LISTS, prettySql, recordStatements, renderWorkflowQueries } from '../../../../scripts/workflow-queries.ts';

const lists = WORKFLOW_LISTS.map((l) => [l.name, l] as const);

describe('docs/queries/workflows', () => {
  it('covers the hand-written lists and every resource with a lifecycle', () => {
    expect(WORKFLOW_LISTS.map((l) => l.name)).toEqual(expect.arrayContaining(['ZmkKey', 'FirmwareRollout', 'RmApplication', 'PayoutBatch', 'Terminal', 'PaymentLink']));
  });

  it.each(lists)('%s.sql holds the SQL the list sends now', async (name, list) => {
    const committed = readFileSync(new URL(`../../../../docs/queries/workflows/${name}.sql`, import.meta.url), 'utf8');
    const fresh = sqlTextPart(await renderWorkflowQueries(list));
    expect(fresh).toMatch(/^SELECT /m);
    expect(sqlTextPart(committed)).toBe(fresh);
  });

  it.each(lists)('%s sends parameterized statements only', async (_name, list) => {
    for (const c of list.cases) {
      const scope = scopeAt(c.level);
      const statements = await recordStatements(c, scope);
      expect(statements.length, c.title).toBeGreaterThan(0);
      const values = [...c.values, ...(scope.orgPath ? [scope.orgPath] : [])];
      for (const st of statements) {
        const used = new Set([...st.text.matchAll(/\$(\d+)/g)].map((m) => Number(m[1])));
        expect([...used].sort((a, b) => a - b), `${c.title}: every $n has its parameter, every parameter its $n`).toEqual(st.params.map((_, i) => i + 1));
        for (const v of values) expect(st.text, `${c.title}: ${v} inlined`).not.toContain(v);
      }
      // Each value did reach the database: as (part of) a parameter.
      for (const v of values) expect(statements.some((st) => st.params.some((p) => JSON.stringify(p).includes(v))), `${c.title}: ${v} among the parameters`).toBe(true);
    }
  });
});

describe('prettySql', () => {
  it('breaks clauses at the top level only, keeping quoted text and subqueries whole', () => {
    const text = `SELECT a.id, (SELECT count(*) FROM b WHERE b.a = a.id AND b.x = 1) AS n, 'FROM  x' AS s
      FROM a JOIN c ON c.id = a.c LEFT JOIN d ON d.id = a.d WHERE a.x = $1 AND (a.y = $2 OR a.z = $2) ORDER BY a.id DESC LIMIT $3 OFFSET $4`;
    expect(prettySql(text)).toBe(
      [
        `SELECT a.id, (SELECT count(*) FROM b WHERE b.a = a.id AND b.x = 1) AS n, 'FROM  x' AS s`,
        'FROM a',
        'JOIN c ON c.id = a.c',
        'LEFT JOIN d ON d.id = a.d',
        'WHERE a.x = $1',
        '  AND (a.y = $2 OR a.z = $2)',
        'ORDER BY a.id DESC',
        'LIMIT $3 OFFSET $4',
      ].join('\n'),
    );
  });
});
