/**
 * /rm-application's endpoints (issue 13 Build 6; application.ts): Search, Prefill/:MerchantId,
 * :Id, Save, Submit and Decide. Each write runs in one transaction with its audit record.
 */
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import type { RmApplicationDecideRequest, RmApplicationSaveRequest, RmApplicationSearchRequest, RmApplicationSubmitRequest } from '@paydesk/contract';
import { scopeOf } from '../../platform/scope.ts';
import { auditedWrites } from '../../platform/audited-write.ts';
import { registerRoute } from '../../platform/route.ts';
import { applicationView, decideApplication, saveApplication, searchApplications, submitApplication } from './application.ts';
import { bankAccountsOf, documentsOf, prefillForm, scopedMerchant } from './merchant-file.ts';

export function rmApplicationRoutes(app: FastifyInstance): void {
  const { database, now } = app.ctx;

  registerRoute(app, 'rmApplicationSearch', async (req) => {
    const scope = scopeOf(req);
    const body = req.body as z.infer<typeof RmApplicationSearchRequest>;
    const page = { pageIndex: body.PageIndex, rowsPerPage: body.RowsPerPage };
    // A caller with no company and no platform group sees nothing (it cannot hold the module today).
    if (scope.orgPath === null && scope.groupType !== 'SUPERADMIN') return { Items: [], TotalRecords: 0, PageIndex: page.pageIndex, RowsPerPage: page.rowsPerPage };
    return searchApplications(database.query, scope, { keyword: body.SearchData.Keyword, status: body.SearchData.Status, ...page, sort: body.Sort });
  });

  registerRoute(app, 'rmApplicationPrefill', async (req) => {
    const scope = scopeOf(req);
    const { MerchantId } = req.params as { MerchantId: number };
    const q = database.query;
    const merchant = await scopedMerchant(q, scope, Number(MerchantId));
    const files = await documentsOf(q, merchant.id);
    return {
      MerchantId: merchant.id, MerchantName: merchant.name, OnboardingStatus: merchant.onboardingStatus, Form: await prefillForm(q, merchant.id),
      BankAccounts: await bankAccountsOf(q, merchant.id), Documents: files.documents, MissingDocuments: files.missing,
    };
  });

  registerRoute(app, 'rmApplication', async (req) => applicationView(database.query, scopeOf(req), Number((req.params as { Id: number }).Id)));

  /** Each write and its audit in one transaction, answering the application as it is then. */
  const write = auditedWrites(database, 'RmApplication', applicationView);

  registerRoute(
    app,
    'rmApplicationSave',
    write<z.infer<typeof RmApplicationSaveRequest>>('SAVE', async (q, scope, body) => {
      const id = await saveApplication(q, scope, { id: body.Id, merchantId: body.MerchantId, version: body.Version, form: body.Form, at: now() });
      return { id, detail: `${body.Id === undefined ? 'new draft' : 'draft saved'} for merchant ${body.MerchantId}` };
    }),
  );
  registerRoute(
    app,
    'rmApplicationSubmit',
    write<z.infer<typeof RmApplicationSubmitRequest>>('SUBMIT', async (q, scope, body) => {
      await submitApplication(q, scope, { id: body.Id, version: body.Version, at: now() });
      return { id: body.Id, detail: 'sent to Revenue Monster' };
    }),
  );
  registerRoute(
    app,
    'rmApplicationDecide',
    write<z.infer<typeof RmApplicationDecideRequest>>('DECIDE', async (q, scope, body) => {
      await decideApplication(q, scope, { id: body.Id, version: body.Version, decision: body.Decision, reason: body.Reason, rmMerchantId: body.RmMerchantId, rmStoreId: body.RmStoreId, at: now() });
      return { id: body.Id, detail: body.Decision === 'APPROVED' ? `APPROVED: RM merchant ${body.RmMerchantId}` : `REJECTED: ${body.Reason}` };
    }),
  );
}
