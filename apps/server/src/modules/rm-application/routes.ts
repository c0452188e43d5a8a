/**
 * /rm-application's endpoints (application.ts): Search, Prefill/:MerchantId, :Id, Save, Submit
 * and Decide. Each write is an audited operation (the contract declares its action): one
 * transaction with its one audit record (the application's status before and after, and what
 * happened), answering the application as it is then, with its event log.
 */
import type { FastifyInstance } from 'fastify';
import { operation } from '../../platform/operation.ts';
import { applicationView, decideApplication, saveApplication, searchApplications, submitApplication, type Moved } from './application.ts';
import { bankAccountsOf, documentsOf, prefillForm, scopedMerchant } from './merchant-file.ts';

/** The audit row's before and after of a move (a new application has no before), as the engine's row commands write them. */
const statuses = (m: Moved) => ({ ...(m.from === null ? {} : { before: { Status: m.from } }), after: { Status: m.to } });

/** Registers the endpoints on `app` (the platform's operation wrapper: scope, permission, audit). */
export function rmApplicationRoutes(app: FastifyInstance): void {
  operation(app, 'rmApplicationSearch', async (body, { q, scope }) => {
    const page = { pageIndex: body.PageIndex, rowsPerPage: body.RowsPerPage };
    // A caller with no company and no platform group sees nothing (it cannot hold the module today).
    if (scope.orgPath === null && scope.groupType !== 'SUPERADMIN') return { Items: [], TotalRecords: 0, PageIndex: page.pageIndex, RowsPerPage: page.rowsPerPage };
    return searchApplications(q, scope, { keyword: body.SearchData.Keyword, status: body.SearchData.Status, ...page, sort: body.Sort });
  });

  operation(app, 'rmApplicationPrefill', async ({ MerchantId }, { q, scope }) => {
    const merchant = await scopedMerchant(q, scope, Number(MerchantId));
    const files = await documentsOf(q, merchant.id);
    return {
      MerchantId: merchant.id, MerchantName: merchant.name, OnboardingStatus: merchant.onboardingStatus, Form: await prefillForm(q, merchant.id),
      BankAccounts: await bankAccountsOf(q, merchant.id), Documents: files.documents, MissingDocuments: files.missing,
    };
  });

  operation(app, 'rmApplication', async ({ Id }, { q, scope }) => applicationView(q, scope, Number(Id)));

  operation(app, 'rmApplicationSave', async (body, ctx) => {
    const m = await saveApplication(ctx.q, ctx.scope, { id: body.Id, merchantId: body.MerchantId, version: body.Version, form: body.Form, at: ctx.now() });
    ctx.audit({ targetId: m.id, ...statuses(m), detail: `${body.Id === undefined ? 'new draft' : 'draft saved'} for merchant ${body.MerchantId}` });
    return applicationView(ctx.q, ctx.scope, m.id);
  });

  operation(app, 'rmApplicationSubmit', async (body, ctx) => {
    const m = await submitApplication(ctx.q, ctx.scope, { id: body.Id, version: body.Version, at: ctx.now() });
    ctx.audit({ ...statuses(m), detail: 'sent to Revenue Monster' });
    return applicationView(ctx.q, ctx.scope, body.Id);
  });

  operation(app, 'rmApplicationDecide', async (b, ctx) => {
    const m = await decideApplication(ctx.q, ctx.scope, { id: b.Id, version: b.Version, decision: b.Decision, reason: b.Reason, rmMerchantId: b.RmMerchantId, rmStoreId: b.RmStoreId, at: ctx.now() });
    ctx.audit({ ...statuses(m), detail: b.Decision === 'APPROVED' ? `APPROVED: RM merchant ${b.RmMerchantId}` : `REJECTED: ${b.Reason}` });
    return applicationView(ctx.q, ctx.scope, b.Id);
  });
}
