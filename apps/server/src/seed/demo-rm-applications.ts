/**
 * The demo's Revenue Monster applications (/rm-application), written through the module as the
 * platform staff would: the merchant's KYC documents uploaded to its profile (storeDocument:
 * one-page PDFs, stored on disk under the data folder), the application saved from the form the
 * profile prefills plus the applicant's volumes and e-wallets (saveApplication), sent
 * (submitApplication) and RM's answer recorded by another person (decideApplication: approval
 * creates the merchant's RM configuration). Eight verified merchant HQs, one story each:
 * two DRAFTs (one still missing its bank statement), two SUBMITTED, two APPROVED, one REJECTED
 * and one rejected, corrected and sent again. Every step in MYT office hours, in time order.
 */
import { WALLET_PROVIDERS, type OrgDocumentType } from '@paydesk/domain';
import { RmApplicationForm } from '@paydesk/contract';
import { loadConfig, type ServerConfig } from '../config.ts';
import type { Query } from '../db/client.ts';
import { storeDocument } from '../modules/profiles/documents.ts';
import { decideApplication, saveApplication, submitApplication } from '../modules/rm-application/application.ts';
import { prefillForm } from '../modules/rm-application/merchant-file.ts';
import { DAY_MS, HOUR_MS, mytDayOf, officeTimeBetween, runInTimeOrder, type DatedStep } from './demo-clock.ts';
import { demoPdf } from './demo-pdf.ts';
import type { DemoStaff } from './demo-staff.ts';
import { Rng } from './random.ts';

/** One application's story: days before now of each step (after the first save). */
interface Story {
  /** The first save, days before now. */
  savedDaysAgo: number;
  /** The documents on file; the bank statement's absence keeps a draft from being sent. */
  documents: readonly OrgDocumentType[];
  /** Sent this many days after the first save. */
  sentAfter?: number;
  /** RM's answer this many days after sending. */
  answer?: { after: number; decision: 'APPROVED' | 'REJECTED'; reason?: string };
  /** A rejected application corrected (a new document) and sent again, days after the answer. */
  resent?: { after: number; document: OrgDocumentType };
}

const ALL: readonly OrgDocumentType[] = ['SSM_CERTIFICATE', 'DIRECTOR_ID', 'BANK_STATEMENT'];
const STORIES: readonly Story[] = [
  { savedDaysAgo: 58, documents: ALL, sentAfter: 1, answer: { after: 6, decision: 'APPROVED' } },
  { savedDaysAgo: 44, documents: ALL, sentAfter: 2, answer: { after: 7, decision: 'REJECTED', reason: "The director's IC copy is unreadable: send a clear scan of both sides" }, resent: { after: 3, document: 'DIRECTOR_ID' } },
  { savedDaysAgo: 33, documents: ALL, sentAfter: 1, answer: { after: 9, decision: 'APPROVED' } },
  { savedDaysAgo: 24, documents: ALL, sentAfter: 3, answer: { after: 7, decision: 'REJECTED', reason: 'Bank statement is older than three months: send one of the last three months' } },
  { savedDaysAgo: 12, documents: ALL, sentAfter: 1 },
  { savedDaysAgo: 6, documents: ALL, sentAfter: 2 },
  { savedDaysAgo: 5, documents: ALL },
  { savedDaysAgo: 2, documents: ['SSM_CERTIFICATE', 'DIRECTOR_ID'] },
];

const DOCUMENT_TITLE: Readonly<Record<OrgDocumentType, string>> = {
  SSM_CERTIFICATE: 'SSM certificate of registration', DIRECTOR_ID: 'Director identity card (copy)', BANK_STATEMENT: 'Bank statement', OTHER: 'Supporting document',
};

/**
 * Writes the demo applications (see the file comment) in the caller's transaction `q`: the
 * second of `staff` prepares and sends them, the first (the platform administrator) records RM's
 * answers; with one person only, the stories that need an answer are left out. Merchants: VERIFIED
 * active HQs with a company type, a director and a bank account on file and no application yet,
 * whose prefilled form is valid, lowest id first. Documents go to disk under `dataDir`. Times are
 * before `now` (UTC). Answers the applications written. Throws what the module throws.
 */
export async function seedDemoRmApplications(q: Query, o: { staff: readonly DemoStaff[]; dataDir: string; now: Date }): Promise<number> {
  if (!o.staff.length) return 0;
  const nowMs = o.now.getTime();
  const maker = o.staff[1] ?? o.staff[0]!;
  const checker = o.staff.length > 1 ? o.staff[0]! : null;
  // Nothing before the people acting had their accounts: a story too old for them is left out.
  const staffSince = Math.max(maker.createdAt, checker?.createdAt ?? 0) + DAY_MS;
  const stories = STORIES.filter((s) => (checker || !s.answer) && staffSince <= nowMs - (s.savedDaysAgo + 3) * DAY_MS);
  const config: ServerConfig = { ...loadConfig({}), dataDir: o.dataDir, s3: undefined };
  const rng = new Rng(0x7a_2026);
  const candidates = await q<{ id: number; name: string; reg_no: string; verified_at: Date | null; created_at: Date; avg: string | null; month: string | null }>(
    `SELECT o.id, o.name, o.reg_no, o.verified_at, o.created_at,
        (SELECT round(avg(t.amount), 2)::text FROM transactions t WHERE t.merchant_id = o.id AND t.status = 'SUCCESS' AND t.currency = 'MYR') AS avg,
        (SELECT round(sum(t.amount) / 3, 2)::text FROM transactions t WHERE t.merchant_id = o.id AND t.status = 'SUCCESS' AND t.currency = 'MYR' AND t.created_at > $1) AS month
     FROM organizations o
     WHERE o.level = 'MERCHANT_HQ' AND o.onboarding_status = 'VERIFIED' AND o.is_active = 1 AND o.company_type IS NOT NULL AND o.reg_no IS NOT NULL
       AND EXISTS (SELECT 1 FROM org_bank_accounts b WHERE b.org_id = o.id)
       AND EXISTS (SELECT 1 FROM org_persons p WHERE p.org_id = o.id AND p.role IN ('DIRECTOR', 'DIRECTOR_SHAREHOLDER'))
       AND NOT EXISTS (SELECT 1 FROM rm_applications a WHERE a.org_id = o.id)
       AND NOT EXISTS (SELECT 1 FROM tpa_merchant_configs c WHERE c.org_id = o.id AND c.provider = 'RM')
     ORDER BY o.id LIMIT 40`,
    [new Date(nowMs - 90 * DAY_MS)],
  );
  const steps: DatedStep[] = [];
  let told = 0;
  for (const m of candidates) {
    const story = stories[told];
    if (!story) break;
    const id = Number(m.id);
    // Nothing before the merchant was verified.
    const known = new Date(m.verified_at ?? m.created_at).getTime() + DAY_MS;
    const wallets = rng.shuffle(WALLET_PROVIDERS).slice(0, rng.int(2, 4));
    const form = RmApplicationForm.safeParse({
      ...(await prefillForm(q, id)),
      ExpectedMonthlyVolume: m.month && Number(m.month) > 0 ? m.month : `${rng.int(20, 400) * 1000}.00`,
      AverageTicket: m.avg && Number(m.avg) > 0 ? m.avg : `${rng.int(15, 180)}.50`,
      WalletProducts: WALLET_PROVIDERS.filter((w) => wallets.includes(w)),
    });
    if (!form.success || known > nowMs - (story.savedDaysAgo + 3) * DAY_MS) continue;
    told++;
    // An office-hours instant of the 24 hours that end `daysAgo` − 1 days before now.
    const day = (daysAgo: number) => officeTimeBetween(rng, nowMs - daysAgo * DAY_MS, Math.min(nowMs - HOUR_MS, nowMs - (daysAgo - 1) * DAY_MS));
    const saved = day(story.savedDaysAgo);
    const app = { id: 0, version: 1 };
    const upload = (docType: OrgDocumentType, at: number, note: string) =>
      steps.push({
        at,
        run: () => storeDocument(q, config, maker.scope, id, {
          docType, fileName: `${docType.toLowerCase().replace('_', '-')}-${m.reg_no}.pdf`,
          content: demoPdf([DOCUMENT_TITLE[docType], m.name, `SSM no. ${m.reg_no}`, note, 'Demo document: not a real record']),
        }, new Date(at)),
      });
    for (const docType of story.documents) upload(docType, officeTimeBetween(rng, saved - 3 * DAY_MS, saved - HOUR_MS), `Received ${mytDayOf(saved - DAY_MS)}`);
    steps.push({ at: saved, run: async () => Object.assign(app, { id: (await saveApplication(q, maker.scope, { merchantId: id, form: form.data, at: new Date(saved) })).id }) });
    if (story.sentAfter === undefined) continue;
    const sent = day(story.savedDaysAgo - story.sentAfter);
    const send = (at: number) => steps.push({ at, run: () => submitApplication(q, maker.scope, { id: app.id, version: app.version++, at: new Date(at) }) });
    send(sent);
    const answer = story.answer;
    if (!answer || !checker) continue;
    const decided = day(story.savedDaysAgo - story.sentAfter - answer.after);
    const rmMerchantId = `${rng.int(1, 9)}${rng.digits(18)}`;
    const rmStoreId = rng.digits(10);
    steps.push({
      at: decided,
      run: () => decideApplication(q, checker.scope, { id: app.id, version: app.version++, decision: answer.decision, reason: answer.reason ?? '', rmMerchantId: answer.decision === 'APPROVED' ? rmMerchantId : '', rmStoreId: answer.decision === 'APPROVED' ? rmStoreId : '', at: new Date(decided) }),
    });
    if (!story.resent) continue;
    const fixed = day(story.savedDaysAgo - story.sentAfter - answer.after - story.resent.after);
    upload(story.resent.document, officeTimeBetween(rng, decided + HOUR_MS, fixed - HOUR_MS), `Received ${mytDayOf(fixed)}, replacing the copy RM could not read`);
    steps.push({ at: fixed, run: () => saveApplication(q, maker.scope, { id: app.id, merchantId: id, version: app.version++, form: form.data, at: new Date(fixed) }) });
    send(officeTimeBetween(rng, fixed + HOUR_MS, Math.min(nowMs - HOUR_MS, fixed + DAY_MS)));
  }
  await runInTimeOrder(steps);
  return told;
}
