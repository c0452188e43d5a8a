/**
 * The profile screens' endpoints for each segment of profile-segments.ts (/master-merchant,
 * /agency, /agent, /merchant), all scoped to the caller's subtree:
 *  - POST {S}/Profile/Search, GET {S}/Profile/:Id, GET {S}/Profile/:Id/History (read.ts, search.ts);
 *  - POST {S}/Profile/Create and Update (write.ts);
 *  - POST {S}/Profile/Review (a reviewer) and Submit (the maker resubmits) (review.ts);
 *  - POST {S}/Profile/:Id/Document (multipart DocType + file), GET {S}/Profile/Document/:Id,
 *    POST {S}/Profile/Document/Delete (documents.ts);
 *  - POST Merchant/Profile/Move: a merchant HQ to another agent (move.ts).
 * Every change is an audited operation (the contract declares its action and record kind): one
 * transaction with its one audit record. The document upload and download stay plain routes
 * writing their own record: the upload reads its multipart body before any transaction (a slow
 * client must not hold the database) and writes nothing for the very file sent again; the download
 * audits a read. The audit records name the profile, never a bank account number.
 */
import type { FastifyInstance } from 'fastify';
import { PROFILE_SEGMENTS, profileRouteName, type ProfileSegment } from '@paydesk/contract';
import { scopeOf } from '../../platform/scope.ts';
import { writeAudit } from '../../platform/audit.ts';
import { operation } from '../../platform/operation.ts';
import { registerRoute } from '../../platform/route.ts';
import { attachmentHeader } from '../../platform/file-names.ts';
import { documentContent, findScopedDocument, readDocumentForm, storeDocument } from './documents.ts';
import { findScopedOrg, levelsOf, profileDetail, profileHistory } from './read.ts';
import { moveMerchant } from './move.ts';
import { takeKycAction } from './review.ts';
import { searchProfiles } from './search.ts';
import { createProfile, updateProfile } from './write.ts';

/** The audit target type of a segment's profiles, e.g. 'MerchantProfile'. */
const target = (s: ProfileSegment) => `${s}Profile`;

function segmentRoutes(app: FastifyInstance, s: ProfileSegment): void {
  const { database, now } = app.ctx;
  const { fieldKey } = app.ctx.keys;
  const levels = levelsOf(s);
  const route = <O extends Parameters<typeof profileRouteName>[1]>(op: O) => profileRouteName(s, op);

  operation(app, route('Search'), async (body, { q, scope }) => searchProfiles(q, scope, s, body));

  operation(app, route('Get'), async ({ Id }, { q, scope }) => profileDetail(q, scope, s, await findScopedOrg(q, scope, Id, levels)));

  operation(app, route('History'), async ({ Id }, { q, scope }) => profileHistory(q, (await findScopedOrg(q, scope, Id, levels)).id));

  operation(app, route('Create'), async (body, ctx) => {
    const made = await createProfile(ctx.q, ctx.scope, s, body, fieldKey, ctx.now());
    ctx.audit({
      targetId: made.id,
      after: { Name: body.Name, RegNo: body.RegNo, ParentId: body.ParentId, Persons: body.Persons.length, BankAccounts: body.BankAccounts.length, OnboardingStatus: 'PENDING' },
    });
    return { Id: made.id, Version: made.version };
  });

  operation(app, route('Update'), async (body, ctx) => {
    const r = await updateProfile(ctx.q, ctx.scope, s, body, fieldKey, ctx.now());
    ctx.audit({
      targetId: r.org.id,
      after: { Name: body.Name, RegNo: body.RegNo, Persons: body.Persons.length, BankAccounts: body.BankAccounts.length },
      detail: r.keyChanged ? `key data changed: ${r.from} -> ${r.to}` : 'no key data changed',
    });
    return profileDetail(ctx.q, ctx.scope, s, r.org);
  });

  // One declared action per route: a review's decision (VERIFY, REJECT …) is in the row's detail.
  operation(app, route('Review'), async (body, ctx) => {
    const r = await takeKycAction(ctx.q, ctx.scope, s, { id: body.Id, version: body.Version, action: body.Action, reason: body.Reason }, ctx.now());
    ctx.audit({ targetId: r.org.id, before: { OnboardingStatus: r.from }, after: { OnboardingStatus: r.to }, detail: { Action: body.Action, Reason: body.Reason } });
    return profileDetail(ctx.q, ctx.scope, s, r.org);
  });

  operation(app, route('Submit'), async (body, ctx) => {
    const r = await takeKycAction(ctx.q, ctx.scope, s, { id: body.Id, version: body.Version, action: 'SUBMIT', reason: null }, ctx.now());
    ctx.audit({ targetId: r.org.id, before: { OnboardingStatus: r.from }, after: { OnboardingStatus: r.to } });
    return profileDetail(ctx.q, ctx.scope, s, r.org);
  });

  registerRoute(app, route('DocumentUpload'), async (req) => {
    const scope = scopeOf(req);
    const id = req.params.Id;
    // The scope first: another tenant's id is refused before the body is read.
    await findScopedOrg(database.query, scope, id, levels);
    const upload = await readDocumentForm(req);
    return database.transaction(async (q) => {
      const org = await findScopedOrg(q, scope, id, levels, true);
      const { repeated, ...doc } = await storeDocument(q, app.ctx.config, scope, org.id, upload, now());
      if (!repeated) await writeAudit(q, req, {
        action: 'UPLOAD', result: 'SUCCESS', actorUserId: scope.userId, actorEmail: scope.email, targetType: `${s}Document`, targetId: doc.Id,
        detail: `${target(s)} ${org.id}: ${doc.DocType} ${doc.FileName} (${doc.MimeType}, ${doc.SizeBytes} bytes, sha256 ${doc.sha256})`,
      });
      const { sha256: _sha256, ...answer } = doc;
      return answer;
    });
  });

  registerRoute(app, route('Document'), async (req, reply) => {
    const scope = scopeOf(req);
    const d = await findScopedDocument(database.query, scope, req.params.Id, levels);
    const content = await documentContent(app.ctx.config, d);
    await writeAudit(database.query, req, {
      action: 'DOWNLOAD', result: 'SUCCESS', actorUserId: scope.userId, actorEmail: scope.email, targetType: `${s}Document`, targetId: d.id,
      detail: `${target(s)} ${d.org_id}: ${d.file_name} (sha256 ${d.sha256})`,
    });
    reply.header('content-type', d.mime_type);
    reply.header('content-disposition', attachmentHeader(d.file_name));
    reply.header('cache-control', 'no-store');
    reply.header('x-content-type-options', 'nosniff');
    return reply.send(content);
  });

  operation(app, route('DocumentDelete'), async ({ Id }, ctx) => {
    const d = await findScopedDocument(ctx.q, ctx.scope, Id, levels, true);
    await ctx.q(`UPDATE org_documents SET deleted_at = $2 WHERE id = $1`, [d.id, ctx.now()]);
    ctx.audit({ targetId: d.id, detail: `${target(s)} ${d.org_id}: ${d.doc_type} ${d.file_name}` });
    return { Id: d.id, Deleted: true as const };
  });
}

/** Registers the profile routes of every segment, and the merchant move. */
export function profileRoutes(app: FastifyInstance): void {
  for (const s of PROFILE_SEGMENTS) segmentRoutes(app, s);
  operation(app, 'merchantProfileMove', async (body, ctx) => {
    const r = await moveMerchant(ctx.q, ctx.scope, { id: body.Id, agentId: body.AgentId, version: body.Version }, ctx.now());
    ctx.audit({ targetId: r.org.id, before: { AgentId: r.fromAgentId }, after: { AgentId: r.toAgentId, Path: r.org.path }, detail: { Rekeyed: r.rekeyed } });
    return profileDetail(ctx.q, ctx.scope, 'Merchant', r.org);
  });
}
