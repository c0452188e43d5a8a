/**
 * The profile screens' endpoints (issue 13 Build 1–3) for each segment of profile-segments.ts
 * (/master-merchant, /agency, /agent, /merchant), all scoped to the caller's subtree, every change
 * audited in its own transaction:
 *  - POST {S}/Profile/Search, GET {S}/Profile/:Id, GET {S}/Profile/:Id/History (read.ts, search.ts);
 *  - POST {S}/Profile/Create and Update (write.ts);
 *  - POST {S}/Profile/Review (a reviewer) and Submit (the maker resubmits) (review.ts);
 *  - POST {S}/Profile/:Id/Document (multipart DocType + file), GET {S}/Profile/Document/:Id,
 *    POST {S}/Profile/Document/Delete (documents.ts);
 *  - POST Merchant/Profile/Move: a merchant HQ to another agent (move.ts).
 * The audit records name the profile, never a bank account number.
 */
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import {
  PROFILE_SEGMENTS, profileRouteName, type ProfileCreateRequest, type ProfileDocumentDeleteRequest, type ProfileMoveRequest, type ProfileReviewRequest, type ProfileSearchRequest, type ProfileSegment,
  type ProfileSubmitRequest, type ProfileUpdateRequest,
} from '@paydesk/contract';
import { scopeOf } from '../../platform/scope.ts';
import { writeAudit } from '../../platform/audit.ts';
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
  const levels = levelsOf(s);
  const route = <O extends Parameters<typeof profileRouteName>[1]>(op: O) => profileRouteName(s, op);

  registerRoute(app, route('Search'), async (req) => searchProfiles(database.query, scopeOf(req), s, req.body as z.output<typeof ProfileSearchRequest>));

  registerRoute(app, route('Get'), async (req) => {
    const scope = scopeOf(req);
    const org = await findScopedOrg(database.query, scope, (req.params as { Id: number }).Id, levels);
    return profileDetail(database.query, scope, s, org);
  });

  registerRoute(app, route('History'), async (req) => {
    const org = await findScopedOrg(database.query, scopeOf(req), (req.params as { Id: number }).Id, levels);
    return profileHistory(database.query, org.id);
  });

  registerRoute(app, route('Create'), async (req) => {
    const scope = scopeOf(req);
    const body = req.body as z.output<typeof ProfileCreateRequest>;
    const at = now();
    return database.transaction(async (q) => {
      const made = await createProfile(q, scope, s, body, app.ctx.keys.fieldKey, at);
      await writeAudit(q, req, {
        action: 'CREATE', result: 'SUCCESS', actorUserId: scope.userId, actorEmail: scope.email, targetType: target(s), targetId: made.id,
        after: { Name: body.Name, RegNo: body.RegNo, ParentId: body.ParentId, Persons: body.Persons.length, BankAccounts: body.BankAccounts.length, OnboardingStatus: 'PENDING' },
      });
      return { Id: made.id, Version: made.version };
    });
  });

  registerRoute(app, route('Update'), async (req) => {
    const scope = scopeOf(req);
    const body = req.body as z.output<typeof ProfileUpdateRequest>;
    const at = now();
    return database.transaction(async (q) => {
      const r = await updateProfile(q, scope, s, body, app.ctx.keys.fieldKey, at);
      await writeAudit(q, req, {
        action: 'UPDATE', result: 'SUCCESS', actorUserId: scope.userId, actorEmail: scope.email, targetType: target(s), targetId: r.org.id,
        after: { Name: body.Name, RegNo: body.RegNo, Persons: body.Persons.length, BankAccounts: body.BankAccounts.length },
        detail: r.keyChanged ? `key data changed: ${r.from} -> ${r.to}` : 'no key data changed',
      });
      return profileDetail(q, scope, s, r.org);
    });
  });

  const decide = (name: 'Review' | 'Submit') =>
    registerRoute(app, route(name), async (req) => {
      const scope = scopeOf(req);
      const body = req.body as z.output<typeof ProfileReviewRequest> | z.output<typeof ProfileSubmitRequest>;
      const action = 'Action' in body ? body.Action : 'SUBMIT';
      const reason = 'Reason' in body ? body.Reason : null;
      return database.transaction(async (q) => {
        const r = await takeKycAction(q, scope, s, { id: body.Id, version: body.Version, action, reason }, now());
        await writeAudit(q, req, {
          action: `KYC_${action}`, result: 'SUCCESS', actorUserId: scope.userId, actorEmail: scope.email, targetType: target(s), targetId: r.org.id,
          before: { OnboardingStatus: r.from }, after: { OnboardingStatus: r.to }, detail: reason,
        });
        return profileDetail(q, scope, s, r.org);
      });
    });
  decide('Review');
  decide('Submit');

  registerRoute(app, route('DocumentUpload'), async (req) => {
    const scope = scopeOf(req);
    const id = (req.params as { Id: number }).Id;
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
    const d = await findScopedDocument(database.query, scope, (req.params as { Id: number }).Id, levels);
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

  registerRoute(app, route('DocumentDelete'), async (req) => {
    const scope = scopeOf(req);
    const { Id } = req.body as z.output<typeof ProfileDocumentDeleteRequest>;
    return database.transaction(async (q) => {
      const d = await findScopedDocument(q, scope, Id, levels, true);
      await q(`UPDATE org_documents SET deleted_at = $2 WHERE id = $1`, [d.id, now()]);
      await writeAudit(q, req, {
        action: 'DELETE', result: 'SUCCESS', actorUserId: scope.userId, actorEmail: scope.email, targetType: `${s}Document`, targetId: d.id,
        detail: `${target(s)} ${d.org_id}: ${d.doc_type} ${d.file_name}`,
      });
      return { Id: d.id, Deleted: true as const };
    });
  });
}

/** Registers the profile routes of every segment, and the merchant move. */
export function profileRoutes(app: FastifyInstance): void {
  for (const s of PROFILE_SEGMENTS) segmentRoutes(app, s);
  const { database, now } = app.ctx;
  registerRoute(app, 'merchantProfileMove', async (req) => {
    const scope = scopeOf(req);
    const body = req.body as z.output<typeof ProfileMoveRequest>;
    return database.transaction(async (q) => {
      const r = await moveMerchant(q, scope, { id: body.Id, agentId: body.AgentId, version: body.Version }, now());
      await writeAudit(q, req, {
        action: 'MOVE', result: 'SUCCESS', actorUserId: scope.userId, actorEmail: scope.email, targetType: target('Merchant'), targetId: r.org.id,
        before: { AgentId: r.fromAgentId }, after: { AgentId: r.toAgentId, Path: r.org.path }, detail: { Rekeyed: r.rekeyed },
      });
      return profileDetail(q, scope, 'Merchant', r.org);
    });
  });
}
