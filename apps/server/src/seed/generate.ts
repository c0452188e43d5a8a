/**
 * Pure, in-memory generation of the demo dataset (no database access): the organization
 * hierarchy, users and memberships, transactions and refund requests. Everything draws from one
 * seeded Rng in a fixed order, so the same seed, ids and `now` give the same rows.
 *
 * Card numbers: a Luhn-valid PAN is made in memory only to derive the masked PAN, the last 4
 * digits and the scheme; the full PAN is never returned, stored or logged.
 */
import {
  CARD_PAYMENT_METHODS, detectCardScheme, luhnCheckDigit, maskPan,
  type BnplProvider, type CardScheme, type EntryMode, type TerminalKind, type WalletProvider, type GroupType, type OnboardingStatus, type OrgLevel, type PaymentMethod, type ServiceTypeCode,
  type TransactionStatus, type TransactionType,
} from '@paydesk/domain';
import {
  BUSINESS_CATEGORIES, CARD_DECLINES, FOREIGN_CUSTOMERS, FOREIGN_ISSUERS, FPX_BANKS_B2B, FPX_BANKS_B2C, MY_IP_PREFIXES,
  ONLINE_PROVIDERS, ORDER_WORDS, OTHER_DECLINES, RECURRING_PLANS, STATES, TERMINAL_CARD_DECLINES, TERMINAL_PROVIDERS,
  type BusinessCategory, type State, type TradeKind,
} from './data.ts';
import {
  NameBook, address, companySlug, landlinePhone, merchantName, mobilePhone, partnerName, personName, personalEmail, pickCity, pickState,
  type Address, type Person,
} from './names.ts';
import { Rng, WeightedTable } from './random.ts';
import { DEFAULT_REFUND_EXPIRY_DAYS } from '../config.ts';
import {
  BNPL_MIX, CONTACTLESS_LIMIT_RM, ENTRY_MODE_MIX, FREQUENCY_MIX, MinHeap, PERIOD_MS, REF_SPACE, WALLET_MIX, batchTotals, mdrFeeSen, scrambleRef, senToText, tenDigits, textToSen,
  type GenBatch, type GenBatchLine, type GenLink, type GenSchedule,
} from './txn-model.ts';
import type { GenTxn } from '../transactions/insert.ts';

const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;
/** Malaysia Time is UTC+8 all year (no daylight saving). */
const MYT_OFFSET_MS = 8 * HOUR_MS;

/** Counts of the demo hierarchy. */
export const HIERARCHY = { masterMerchants: 3, agenciesPerMaster: 4, agents: 40, merchantHqs: 400, branchesPerHq: 2 } as const;
export const ORG_COUNT =
  HIERARCHY.masterMerchants * (1 + HIERARCHY.agenciesPerMaster) + HIERARCHY.agents + HIERARCHY.merchantHqs * (1 + HIERARCHY.branchesPerHq);

/** The six demo sign-ins, one per group type. */
export const DEMO_SIGN_INS: readonly { groupType: GroupType; email: string }[] = [
  { groupType: 'SUPERADMIN', email: 'admin@paydesk.my' },
  { groupType: 'MASTER_MERCHANT', email: 'mm@paydesk.my' },
  { groupType: 'AGENCY', email: 'agency@paydesk.my' },
  { groupType: 'AGENT', email: 'agent@paydesk.my' },
  { groupType: 'MERCHANT_HQ', email: 'merchant@paydesk.my' },
  { groupType: 'MERCHANT_BRANCH', email: 'branch@paydesk.my' },
];

/** The MYT midnight (as a UTC instant, ms) of the business day containing `ms`. */
export function mytDayStart(ms: number): number {
  return Math.floor((ms + MYT_OFFSET_MS) / DAY_MS) * DAY_MS - MYT_OFFSET_MS;
}

// ---------------------------------------------------------------------------------------------
// Organizations

export interface GenOrg {
  id: number;
  level: OrgLevel;
  parentId: number | null;
  path: string;
  name: string;
  regNo: string;
  mid: string | null;
  businessCategory: string | null;
  address1: string;
  city: string;
  state: string;
  postcode: string;
  phone: string;
  email: string;
  isActive: 0 | 1;
  onboardingStatus: OnboardingStatus;
  createdAt: Date;
  /** Last change: the creation time until spreadOrgChanges dates later changes. */
  updatedAt: Date;
  /** Ancestor ids (self included at its own level); not a column. */
  mm: number;
  agency: number;
  agent: number;
}

export interface Hierarchy {
  masters: GenOrg[];
  agencies: GenOrg[];
  agents: GenOrg[];
  hqs: GenOrg[];
  branches: GenOrg[];
  /** Parent before child, in id order. */
  all: GenOrg[];
  /** Category of each merchant HQ (branches share their HQ's). */
  categoryOf: Map<number, BusinessCategory>;
  /** The demo chain: first master merchant → its first agency → its first agent → its first HQ → that HQ's first branch. */
  demo: { mm: GenOrg; agency: GenOrg; agent: GenOrg; hq: GenOrg; branch: GenOrg };
}

const CATEGORY_TABLE = new WeightedTable(BUSINESS_CATEGORIES.map((c) => [c, c.weight] as const));

const HQ_STATUS = new WeightedTable<[OnboardingStatus, 0 | 1]>([
  [['VERIFIED', 1], 88], [['PENDING', 1], 3], [['REVIEWING', 1], 3], [['UNVERIFY', 1], 2], [['SUSPENDED', 0], 2], [['REJECTED', 0], 2],
]);
const BRANCH_STATUS = new WeightedTable<[OnboardingStatus, 0 | 1]>([
  [['VERIFIED', 1], 94], [['PENDING', 1], 2], [['REVIEWING', 1], 2], [['UNVERIFY', 1], 1], [['SUSPENDED', 0], 1],
]);

/** A 15-digit MID: "0000" + a 11-digit number that is a bijection of the counter (so unique). */
function midOf(counter: number): string {
  return `0000${String((counter * 7_654_321_019 + 31_415_926_535) % 100_000_000_000).padStart(11, '0')}`;
}

/** A new-format (2019+) SSM registration number: YYYY + entity type + 6 digits, 12 digits in all. */
function regNoOf(rng: Rng, counter: number, entity: string, year: number): string {
  return `${year}${entity}${String((counter * 7919 + rng.int(0, 999)) % 1_000_000).padStart(6, '0')}`;
}

/**
 * Builds the hierarchy with the given ids (ascending, one per organization, ORG_COUNT of them),
 * parent before child: 3 master merchants, 12 agencies (4 each), 40 agents, 400 merchant HQs,
 * 800 branches (2 per HQ).
 */
export function generateHierarchy(rng: Rng, ids: readonly number[], now: Date): Hierarchy {
  if (ids.length !== ORG_COUNT) throw new Error(`generateHierarchy needs ${ORG_COUNT} ids, got ${ids.length}`);
  const book = new NameBook();
  const nowMs = now.getTime();
  let next = 0;
  let midCounter = 1;
  let regCounter = 1;
  const ago = (minDays: number, maxDays: number) => new Date(mytDayStart(nowMs - rng.int(minDays, maxDays) * DAY_MS) + rng.int(9, 17) * HOUR_MS);

  const make = (level: OrgLevel, parent: GenOrg | null, name: { full: string; entity: string }, addr: Address, extra: Partial<GenOrg>): GenOrg => {
    const id = ids[next++]!;
    const createdAt = extra.createdAt ?? ago(400, 1600);
    const org: GenOrg = {
      id,
      level,
      parentId: parent?.id ?? null,
      path: `${parent?.path ?? '/'}${id}/`,
      name: name.full,
      regNo: regNoOf(rng, regCounter++, name.entity, Math.min(createdAt.getUTCFullYear(), rng.int(1995, createdAt.getUTCFullYear()))),
      mid: null,
      businessCategory: null,
      address1: addr.address1,
      city: addr.city,
      state: addr.state,
      postcode: addr.postcode,
      phone: rng.chance(0.7) ? landlinePhone(rng, addr.stateInfo) : mobilePhone(rng),
      email: '',
      isActive: 1,
      onboardingStatus: 'VERIFIED',
      createdAt,
      updatedAt: createdAt,
      mm: 0,
      agency: 0,
      agent: 0,
      ...extra,
    };
    org.mm = level === 'MASTER_MERCHANT' ? id : parent!.mm;
    org.agency = level === 'AGENCY' ? id : (parent?.agency ?? 0);
    org.agent = level === 'AGENT' ? id : (parent?.agent ?? 0);
    return org;
  };
  const corporateEmail = (base: string, entity: string) => {
    const slug = companySlug(base);
    if (entity === '01') return `${rng.pick(['info', 'admin', 'finance', 'enquiry'])}@${slug}.com.my`;
    return rng.chance(0.5) ? `${slug}${rng.int(1, 99)}@gmail.com` : `${rng.pick(['info', 'sales'])}@${slug}.my`;
  };

  const masters: GenOrg[] = [];
  for (let i = 0; i < HIERARCHY.masterMerchants; i++) {
    const state = i === 0 ? stateOf('W.P. Kuala Lumpur') : pickState(rng);
    const addr = address(rng, state);
    const name = partnerName(rng, book, 'MASTER_MERCHANT', addr.city);
    masters.push(make('MASTER_MERCHANT', null, name, addr, { email: corporateEmail(name.base, '01'), createdAt: ago(1100, 1800) }));
  }
  const agencies: GenOrg[] = [];
  for (let i = 0; i < HIERARCHY.masterMerchants * HIERARCHY.agenciesPerMaster; i++) {
    const parent = masters[i % masters.length]!;
    const addr = address(rng);
    const name = partnerName(rng, book, 'AGENCY', addr.city);
    agencies.push(make('AGENCY', parent, name, addr, { email: corporateEmail(name.base, '01'), createdAt: ago(700, 1100) }));
  }
  const agents: GenOrg[] = [];
  for (let i = 0; i < HIERARCHY.agents; i++) {
    const parent = agencies[i % agencies.length]!;
    const addr = address(rng);
    const name = partnerName(rng, book, 'AGENT', addr.city);
    agents.push(make('AGENT', parent, name, addr, { email: corporateEmail(name.base, name.entity), createdAt: ago(400, 700) }));
  }

  // Merchant HQs: the first 40 one per agent (so every agent has one), the rest by uneven agent weights.
  const agentTable = new WeightedTable(agents.map((a) => [a, 0.4 + rng.next() * 1.6] as const));
  const categoryOf = new Map<number, BusinessCategory>();
  const hqs: GenOrg[] = [];
  for (let i = 0; i < HIERARCHY.merchantHqs; i++) {
    const parent = i < agents.length ? agents[i]! : rng.weighted(agentTable);
    const category = i === 0 ? BUSINESS_CATEGORIES.find((c) => c.mcc === '5812')! : rng.weighted(CATEGORY_TABLE);
    const addr = address(rng);
    const name = merchantName(rng, book, category, addr.city);
    const [onboardingStatus, isActive] = i === 0 ? (['VERIFIED', 1] as const) : rng.weighted(HQ_STATUS);
    const hq = make('MERCHANT_HQ', parent, name, addr, {
      mid: midOf(midCounter++),
      businessCategory: category.mcc,
      email: corporateEmail(name.base, name.entity),
      onboardingStatus,
      isActive,
      createdAt: ago(100, 1200),
    });
    categoryOf.set(hq.id, category);
    hqs.push(hq);
  }
  const branches: GenOrg[] = [];
  const branchNames = new NameBook();
  for (const [i, hq] of hqs.entries()) {
    const hqState = stateOf(hq.state);
    const hqBase = hq.name.replace(/ (Sdn Bhd|Berhad|Enterprise|Trading|PLT)$/, '');
    const usedPlaces = new Set<string>();
    for (let b = 0; b < HIERARCHY.branchesPerHq; b++) {
      const state = rng.chance(0.6) ? hqState : pickState(rng);
      const city = state === hqState && rng.chance(0.5) ? hqState.cities.find((c) => c.name === hq.city) ?? pickCity(rng, state) : pickCity(rng, state);
      const addr = address(rng, state, city);
      // "Cawangan" is Malay for branch; a second branch in the same town is named after its area.
      const place = usedPlaces.has(addr.city) ? addr.address2 : addr.city;
      usedPlaces.add(place);
      const name = branchNames.unique(() => `${hqBase} - Cawangan ${place}`);
      const [onboardingStatus, isActive] =
        i === 0 ? (['VERIFIED', 1] as const) : hq.onboardingStatus !== 'VERIFIED' ? [hq.onboardingStatus, hq.isActive] : rng.weighted(BRANCH_STATUS);
      // Opened 0–300 days after its HQ, at the HQ's hour, and at least 95 days ago (before the
      // transactions): a later draw wraps round into the days left, so no two branches share the limit.
      const latestDay = Math.max(0, Math.floor((nowMs - 95 * DAY_MS - hq.createdAt.getTime()) / DAY_MS));
      const opened = hq.createdAt.getTime() + (rng.int(0, 300) % (latestDay + 1)) * DAY_MS;
      branches.push(
        make('MERCHANT_BRANCH', hq, { full: name, entity: '03' }, addr, {
          regNo: hq.regNo, // a branch is registered under its company's SSM number
          mid: midOf(midCounter++),
          businessCategory: hq.businessCategory,
          email: branchEmail(hq.email, place),
          onboardingStatus,
          isActive,
          createdAt: new Date(Math.max(opened, hq.createdAt.getTime())),
        }),
      );
    }
  }
  const all = [...masters, ...agencies, ...agents, ...hqs, ...branches];
  const hq0 = hqs[0]!;
  return {
    masters,
    agencies,
    agents,
    hqs,
    branches,
    all,
    categoryOf,
    demo: { mm: masters[0]!, agency: agencies[0]!, agent: agents[0]!, hq: hq0, branch: branches.find((b) => b.parentId === hq0.id)! },
  };
}

/**
 * Dates later changes of the organizations (`updatedAt`, never after `now`): every organization
 * not VERIFIED had its onboarding status changed after it was created, and about a third of the
 * others had some detail changed. Draws from its own `rng`, so the rest of the dataset is unchanged.
 */
export function spreadOrgChanges(rng: Rng, orgs: readonly GenOrg[], now: Date): void {
  const nowMs = now.getTime();
  for (const o of orgs) {
    const created = o.createdAt.getTime();
    if (created >= nowMs || (o.onboardingStatus === 'VERIFIED' && !rng.chance(0.3))) continue;
    o.updatedAt = new Date(created + Math.floor(rng.next() * (nowMs - created)));
  }
}

/** A branch's mailbox: "<place>@<company domain>", or "<local>.<place>@gmail.com" for free-mail companies. */
function branchEmail(hqEmail: string, place: string): string {
  const [local = 'info', domain = 'gmail.com'] = hqEmail.split('@');
  const citySlug = companySlug(place);
  return domain === 'gmail.com' ? `${local}.${citySlug}@gmail.com` : `${citySlug}@${domain}`;
}

const STATES_BY_NAME = new Map(STATES.map((s) => [s.name, s]));

function stateOf(name: string): State {
  const found = STATES_BY_NAME.get(name);
  if (!found) throw new Error(`Unknown state ${name}`);
  return found;
}

// ---------------------------------------------------------------------------------------------
// Users

export interface GenUser {
  email: string;
  nickName: string;
  isActive: 0 | 1;
  createdAt: Date;
  lastLoginAt: Date | null;
}

export interface GenMembership {
  email: string;
  orgId: number | null;
  groupType: GroupType;
  isDefault: boolean;
}

const DEMO_NAMES: Record<GroupType, string> = {
  SUPERADMIN: 'Farid bin Ismail',
  MASTER_MERCHANT: 'Tan Wei Ming',
  AGENCY: 'Priya a/p Subramaniam',
  AGENT: 'Muhammad Hafiz bin Razak',
  MERCHANT_HQ: 'Lim Siew Lan',
  MERCHANT_BRANCH: 'Nurul Aisyah binti Hassan',
};

/** The six demo users with their memberships, plus `extra` more users spread over the hierarchy. */
export function generateUsers(rng: Rng, h: Hierarchy, now: Date, extra = 60): { users: GenUser[]; memberships: GenMembership[] } {
  const nowMs = now.getTime();
  const users: GenUser[] = [];
  const memberships: GenMembership[] = [];
  const emails = new Set<string>();
  // An account is made by a person: in MYT office hours (09:00–18:00) of a day 95–900 days ago.
  const created = () => {
    const day = mytDayStart(nowMs - rng.int(95, 900) * DAY_MS);
    return new Date(day + 9 * HOUR_MS + Math.floor((rng.int(0, DAY_MS - 1) / DAY_MS) * 9 * HOUR_MS));
  };
  const add = (email: string, nickName: string, isActive: 0 | 1 = 1, lastLoginAt: Date | null = null) => {
    emails.add(email);
    users.push({ email, nickName, isActive, createdAt: created(), lastLoginAt });
  };

  const { mm, agency, agent, hq, branch } = h.demo;
  for (const s of DEMO_SIGN_INS) add(s.email, DEMO_NAMES[s.groupType]);
  memberships.push(
    { email: 'admin@paydesk.my', orgId: null, groupType: 'SUPERADMIN', isDefault: true },
    { email: 'admin@paydesk.my', orgId: mm.id, groupType: 'MASTER_MERCHANT', isDefault: false },
    { email: 'mm@paydesk.my', orgId: mm.id, groupType: 'MASTER_MERCHANT', isDefault: true },
    { email: 'mm@paydesk.my', orgId: hq.id, groupType: 'MERCHANT_HQ', isDefault: false },
    { email: 'agency@paydesk.my', orgId: agency.id, groupType: 'AGENCY', isDefault: true },
    { email: 'agent@paydesk.my', orgId: agent.id, groupType: 'AGENT', isDefault: true },
    { email: 'merchant@paydesk.my', orgId: hq.id, groupType: 'MERCHANT_HQ', isDefault: true },
    { email: 'branch@paydesk.my', orgId: branch.id, groupType: 'MERCHANT_BRANCH', isDefault: true },
  );

  const verifiedHqs = h.hqs.filter((o) => o.onboardingStatus === 'VERIFIED');
  const verifiedBranches = h.branches.filter((o) => o.onboardingStatus === 'VERIFIED');
  const plan: [GroupType, () => GenOrg | null][] = [];
  const shares: [GroupType, number, () => GenOrg | null][] = [
    ['SUPERADMIN', 2, () => null],
    ['MASTER_MERCHANT', 4, () => rng.pick(h.masters)],
    ['AGENCY', 10, () => rng.pick(h.agencies)],
    ['AGENT', 14, () => rng.pick(h.agents)],
    ['MERCHANT_HQ', 20, () => rng.pick(verifiedHqs)],
    ['MERCHANT_BRANCH', 10, () => rng.pick(verifiedBranches)],
  ];
  const total = shares.reduce((s, [, n]) => s + n, 0);
  for (const [type, n, pick] of shares) for (let i = 0; i < Math.round((n * extra) / total); i++) plan.push([type, pick]);
  while (plan.length > extra) plan.pop();
  while (plan.length < extra) plan.push(['MERCHANT_HQ', () => rng.pick(verifiedHqs)]);

  for (const [type, pick] of plan) {
    const org = pick();
    const person: Person = personName(rng, org && /Sabah|Sarawak|Labuan/.test(org.state) ? 0.4 : 0.05);
    const domain = org ? org.email.split('@')[1]! : 'paydesk.my';
    const freeMail = /gmail\.com$/.test(domain);
    let email = freeMail ? personalEmail(rng, person) : `${person.handle}@${domain}`;
    for (let n = 2; emails.has(email); n++) email = email.replace(/^([^@]+?)\d*@/, `$1${n}@`);
    const lastLoginAt = rng.chance(0.7) ? lastLogin(nowMs, rng.int(1, 30 * 24)) : null;
    add(email, person.full, rng.chance(0.05) ? 0 : 1, lastLoginAt);
    memberships.push({ email, orgId: org?.id ?? null, groupType: type, isDefault: true });
  }
  return { users, memberships };
}

/**
 * A last sign-in `hoursAgo` (1 … 720) hours before `nowMs`, moved into MYT office hours: the same
 * day's hours map onto 09:00–18:00 of that day, a day back when that is still to come. No draw.
 */
function lastLogin(nowMs: number, hoursAgo: number): Date {
  const back = nowMs - hoursAgo * HOUR_MS;
  const day = mytDayStart(back);
  let at = day + 9 * HOUR_MS + Math.floor(((back - day) / DAY_MS) * 9 * HOUR_MS);
  if (at > nowMs) at -= DAY_MS;
  return new Date(at);
}

// ---------------------------------------------------------------------------------------------
// Transactions

export interface AcquirerRef {
  id: number;
  code: string;
  name: string;
}

export interface GenRefund {
  txnRefNo: string;
  reasonCode: 'FR' | 'DP' | 'RC' | 'OT';
  status: string;
  description: string;
  createdAt: Date;
  updatedAt: Date;
}

interface Card {
  maskedPan: string;
  last4: string;
  scheme: CardScheme;
  cardType: 'CREDIT' | 'DEBIT' | 'PREPAID';
  issuerCountry: string;
}

interface Customer {
  name: string;
  phone: string;
  email: string;
  ref: string;
  address1: string;
  address2: string | null;
  state: string;
  city: string;
  country: string;
  ip: string;
  card: Card;
  foreign: boolean;
}

interface Merchant {
  hq: GenOrg;
  branches: GenOrg[];
  /** Where its sales are rung up: the HQ itself and each branch, with uneven shares (one outlet is usually the busy one). */
  outlets: WeightedTable<GenOrg>;
  category: BusinessCategory;
  acquirer: AcquirerRef;
  onlineProvider: string;
  terminalProvider: string;
  tids: Map<number, string[]>;
}

/** Service type mix (brief): e-commerce 40%, terminal 30%, payment link 10%, pre-auth 5%, pay-by-card 8%, recurring 7%. */
const SERVICE_MIX = new WeightedTable<ServiceTypeCode>([[1, 40], [2, 30], [3, 10], [4, 5], [5, 8], [6, 7]]);

/** Plausible payment methods per service type (§9 codes). */
const METHODS: Record<ServiceTypeCode, WeightedTable<PaymentMethod>> = {
  1: new WeightedTable<PaymentMethod>([
    ['HOSTED_CARD', 28], ['CC', 14], ['FPX_B2C', 22], ['OB', 5], ['FPX_B2B', 2], ['EW', 15], ['BNPL', 6], ['GEN_QR', 4], ['CCINT', 2], ['APM', 1.5], ['CRYPTO', 0.5],
  ]),
  2: new WeightedTable<PaymentMethod>([['CC', 58], ['EW', 14], ['STATIC_QR', 12], ['GEN_QR', 7], ['BNPL', 3], ['EPP', 4], ['EPP_BSN', 2]]),
  3: new WeightedTable<PaymentMethod>([['HOSTED_CARD', 45], ['FPX_B2C', 30], ['EW', 13], ['BNPL', 6], ['GEN_QR', 6]]),
  4: new WeightedTable<PaymentMethod>([['HOSTED_CARD', 70], ['CC', 30]]),
  5: new WeightedTable<PaymentMethod>([['CC', 85], ['CCINT', 10], ['HOSTED_CARD', 5]]),
  6: new WeightedTable<PaymentMethod>([['CC', 62], ['HOSTED_CARD', 33], ['FPX_B2B', 5]]),
};
const CARD_METHODS = new Set<PaymentMethod>(CARD_PAYMENT_METHODS);

/** How much each trade kind leans to each service type (multiplies the merchant's volume weight). */
function affinity(kind: TradeKind, st: ServiceTypeCode): number {
  switch (st) {
    case 2:
      return ['grocery', 'restaurant', 'fastfood', 'cafe', 'bakery', 'pharmacy', 'beauty', 'auto', 'hardware', 'clothing', 'jewellery'].includes(kind)
        ? 2
        : ['digital', 'government', 'education', 'utility', 'charity'].includes(kind) ? 0.3 : 1;
    case 1:
      return ['digital', 'electronics', 'travel', 'clothing', 'gifts', 'books'].includes(kind) ? 2.5 : ['fastfood', 'grocery'].includes(kind) ? 0.7 : 1;
    case 3:
      return ['services', 'education', 'travel', 'hotel', 'charity', 'medical'].includes(kind) ? 2.5 : 1;
    case 4:
      return kind === 'hotel' ? 12 : ['auto', 'travel'].includes(kind) ? 5 : 0.25;
    case 5:
      return ['travel', 'hotel', 'furniture', 'jewellery', 'medical', 'electronics'].includes(kind) ? 2.5 : 1;
    case 6:
      return ['education', 'utility', 'recreation', 'digital', 'services', 'charity'].includes(kind) ? 4 : 0.5;
  }
}

const DOMESTIC_SCHEMES = new WeightedTable<CardScheme>([['VISA', 44], ['MASTER', 31], ['MAESTRO', 14], ['UNIONPAY', 4], ['AMEX', 3], ['JCB', 3], ['DISCOVER', 1]]);
const FOREIGN_SCHEMES = new WeightedTable<CardScheme>([['VISA', 45], ['MASTER', 33], ['UNIONPAY', 8], ['JCB', 6], ['AMEX', 6], ['DISCOVER', 2]]);
const MAESTRO_PREFIXES = new WeightedTable([['5018', 2], ['5020', 1], ['5038', 1], ['5893', 2], ['6304', 1], ['6759', 1], ['6761', 1], ['6762', 1], ['6763', 1]] as const);

/** Appends the Luhn check digit to a digit string. */
const withLuhn = (body: string): string => body + luhnCheckDigit(body);

/** A Luhn-valid PAN of the scheme, by the §3 prefix ranges. Kept in memory only. */
function makePan(rng: Rng, scheme: CardScheme): string {
  let prefix: string;
  let length = 16;
  switch (scheme) {
    case 'VISA':
      prefix = '4';
      break;
    case 'MASTER':
      prefix = rng.chance(0.7) ? `5${rng.int(1, 5)}` : String(rng.int(2221, 2720));
      break;
    case 'MAESTRO':
      prefix = rng.weighted(MAESTRO_PREFIXES);
      if (rng.chance(0.1)) length = 19;
      break;
    case 'UNIONPAY':
      // 62 but not 622 (where Discover's range overlaps; detectCardScheme answers UNIONPAY), or 81.
      prefix = rng.chance(0.9) ? `62${rng.pick(['0', '1', '3', '4', '5', '6', '7', '8', '9'])}` : '81';
      if (rng.chance(0.2)) length = 19;
      break;
    case 'JCB':
      prefix = String(rng.int(3528, 3589));
      break;
    case 'AMEX':
      prefix = rng.pick(['34', '37']);
      length = 15;
      break;
    case 'DISCOVER':
      prefix = rng.pick(['6011', '65', String(rng.int(644, 649))]);
      break;
  }
  return withLuhn(prefix + rng.digits(length - 1 - prefix.length));
}

function makeCard(rng: Rng, scheme: CardScheme, issuerCountry: string): Card {
  const pan = makePan(rng, scheme);
  const detected = detectCardScheme(pan);
  if (detected !== scheme) throw new Error(`seed: generated a card whose scheme is ${detected}, expected ${scheme}`);
  const cardType =
    scheme === 'MAESTRO' ? 'DEBIT'
    : scheme === 'AMEX' || scheme === 'JCB' || scheme === 'DISCOVER' ? 'CREDIT'
    : rng.weighted(CARD_TYPES);
  return { maskedPan: maskPan(pan), last4: pan.slice(-4), scheme, cardType, issuerCountry };
}
const CARD_TYPES = new WeightedTable<'CREDIT' | 'DEBIT' | 'PREPAID'>([['CREDIT', 58], ['DEBIT', 37], ['PREPAID', 5]]);

const FOREIGN_TABLE = new WeightedTable(FOREIGN_CUSTOMERS.map((f) => [f, f.weight] as const));

function makeCustomer(rng: Rng, index: number, foreign: boolean): Customer {
  const person = personName(rng, 0.06);
  const ref = `CUST${String(100000 + index * 37 + rng.int(0, 36)).padStart(8, '0')}`;
  if (foreign) {
    const f = rng.weighted(FOREIGN_TABLE);
    const scheme = f.issuer === 'CHN' && rng.chance(0.6) ? 'UNIONPAY' : f.issuer === 'JPN' && rng.chance(0.5) ? 'JCB' : rng.weighted(FOREIGN_SCHEMES);
    return {
      name: person.full,
      phone: `${f.dial}${rng.int(1, 9)}${rng.digits(f.digits - 1)}`,
      email: personalEmail(rng, person),
      ref,
      address1: `${rng.int(1, 300)} ${rng.pick(['Orchard Road', 'Jalan Sudirman', 'Sukhumvit Road', 'Jalan Gadong', 'Nanshan Avenue', 'Hay Street', 'High Street', 'Main Street', 'Chuo-dori'])}`,
      address2: null,
      state: f.state,
      city: f.city,
      country: f.country,
      ip: `${f.ip}.${rng.int(0, 255)}.${rng.int(1, 254)}`,
      card: makeCard(rng, scheme, f.issuer),
      foreign: true,
    };
  }
  const addr = address(rng);
  return {
    name: person.full,
    phone: mobilePhone(rng),
    email: personalEmail(rng, person),
    ref,
    address1: addr.address1,
    address2: addr.address2,
    state: addr.state,
    city: addr.city,
    country: 'MALAYSIA',
    ip: `${rng.pick(MY_IP_PREFIXES)}.${rng.int(0, 255)}.${rng.int(1, 254)}`,
    card: makeCard(rng, rng.weighted(DOMESTIC_SCHEMES), 'MYS'),
    foreign: false,
  };
}

/** Hour-of-day weights in MYT (0–23): card-present trade peaks at lunch and dinner; online is later and flatter. */
const HOURS_RETAIL = [0.3, 0.15, 0.08, 0.05, 0.05, 0.1, 0.3, 0.8, 1.4, 1.6, 1.8, 2.4, 3.6, 3.8, 2.6, 1.9, 1.9, 2.3, 2.9, 3.5, 3.3, 2.5, 1.4, 0.7];
const HOURS_ONLINE = [0.9, 0.6, 0.35, 0.2, 0.15, 0.2, 0.4, 0.8, 1.3, 1.6, 1.8, 2.0, 2.6, 2.7, 2.1, 1.9, 1.9, 2.0, 2.2, 2.6, 3.0, 3.1, 2.6, 1.7];
/** Day-of-week weights, Sunday first. */
const DOW_RETAIL = [1.15, 0.9, 0.9, 0.95, 1.0, 1.1, 1.25];
const DOW_ONLINE = [1.0, 1.05, 1.0, 1.0, 1.0, 1.05, 0.95];

/**
 * Samples instants over the `days` MYT business days ending with today, never after `now`:
 * later days are busier (growth), month-end paydays busier, with day-of-week and hour-of-day shapes.
 */
class TimeSampler {
  private readonly table: WeightedTable<number>;
  private readonly nowMs: number;

  constructor(now: Date, days: number, hours: number[], dow: number[]) {
    this.nowMs = now.getTime();
    const start = mytDayStart(this.nowMs) - (days - 1) * DAY_MS;
    const slots: [number, number][] = [];
    for (let s = start, k = 0; s < this.nowMs; s += HOUR_MS, k++) {
      const dayIndex = Math.floor(k / 24);
      const local = new Date(s + MYT_OFFSET_MS);
      const dom = local.getUTCDate();
      const growth = 1 + (0.8 * dayIndex) / Math.max(1, days - 1);
      const payday = dom >= 25 || dom <= 2 ? 1.12 : 1;
      const fraction = Math.min(HOUR_MS, this.nowMs - s) / HOUR_MS;
      slots.push([s, growth * payday * dow[local.getUTCDay()]! * hours[local.getUTCHours()]! * fraction]);
    }
    this.table = new WeightedTable(slots);
  }

  sample(rng: Rng): number {
    const slot = rng.weighted(this.table);
    const len = Math.min(HOUR_MS, this.nowMs - slot);
    return slot + Math.floor(rng.next() * len);
  }
}

const declineTable = (rows: readonly (readonly [string, string, number])[]) =>
  new WeightedTable<readonly [string, string]>(rows.map(([code, message, w]) => [[code, message], w] as const));
const DECLINE_TABLES = { card: declineTable(CARD_DECLINES), terminal: declineTable(TERMINAL_CARD_DECLINES), other: declineTable(OTHER_DECLINES) };
const STATUS_TABLE = new WeightedTable<TransactionStatus>([['SUCCESS', 88], ['FAILED', 8], ['VOID', 2], ['PENDING', 2]]);
const FPX_B2C = new WeightedTable(FPX_BANKS_B2C.map(([c, w]) => [c, w] as const));
const FPX_B2B = new WeightedTable(FPX_BANKS_B2B.map(([c, w]) => [c, w] as const));
const PLANS = new WeightedTable(RECURRING_PLANS.map(([p, w]) => [p, w] as const));
const ONLINE_PROVIDER_TABLE = new WeightedTable(ONLINE_PROVIDERS.map(([p, w]) => [p, w] as const));
const TERMINAL_PROVIDER_TABLE = new WeightedTable(TERMINAL_PROVIDERS.map(([p, w]) => [p, w] as const));
const ACQUIRER_WEIGHTS: Record<string, number> = { MBB: 30, CIMB: 20, PBB: 15, RHB: 10, HLB: 8, AMB: 7, BSN: 5, AFFIN: 5 };
/** Indicative FX for the few foreign-currency orders: MYR per unit. */
const MYR_PER = { USD: 4.45, SGD: 3.35 } as const;
const AUTH_CHARS = '0123456789ABCDEFGHJKLMNPQRSTUVWXYZ';

function cents(value: number): string {
  const c = Math.max(100, Math.round(value * 100));
  return `${Math.floor(c / 100)}.${String(c % 100).padStart(2, '0')}`;
}

/** Ticket size in RM: log-normal around the category's typical ticket, smaller at terminals, capped at RM 20,000. */
function amountFor(rng: Rng, st: ServiceTypeCode, category: BusinessCategory): number {
  if (st === 6) {
    const plan = Number(rng.weighted(PLANS));
    return category.ticket > 500 ? plan * 5 : plan;
  }
  const median = category.ticket * (st === 2 ? 0.7 : st === 4 ? 1.2 : st === 5 ? 1.2 : 1);
  const sigma = st === 2 ? 0.85 : 1.0;
  for (let i = 0; i < 4; i++) {
    const v = rng.logNormal(median, sigma);
    if (v <= 20_000) return v;
  }
  return 20_000;
}

export interface TxnContext {
  hierarchy: Hierarchy;
  acquirers: readonly AcquirerRef[];
  now: Date;
}

/**
 * Merchant volume law: the merchant of rank r (1 = busiest) gets a weight 1 / (r + ZIPF_SHIFT)^ZIPF_EXPONENT
 * (a Zipf–Mandelbrot law, the usual shape of an acquirer's book: a head of large merchants and a long
 * tail of small ones). With about 360 trading merchants and the service-type leanings of their
 * trades this gives the busiest merchant 3–5 % of all transactions, the top 10 % of merchants about
 * half, the bottom half about 13 %. The shift keeps the head from being one giant: a pure Zipf
 * law (shift 0) of this exponent would hand rank 1 over a quarter.
 */
export const ZIPF_EXPONENT = 1.25;
export const ZIPF_SHIFT = 12;
/** The demo merchant's rank: busy enough that every demo user sees a full dashboard, not the busiest. */
export const DEMO_MERCHANT_RANK = 4;

/**
/** One chunk of the transaction stream and the side rows that became final with it. */
export interface TxnChunk {
  txns: GenTxn[];
  links: GenLink[];
  batches: GenBatch[];
  batchLines: GenBatchLine[];
  /** Recurring schedules: only in the last chunk (their cycle counts are final only then). */
  schedules: GenSchedule[];
  refunds: GenRefund[];
}

export interface StreamOptions {
  /** Id of the first transaction (ids are assigned here, ascending with time, so chains can point at them). Default 1. */
  firstTxnId?: number;
  firstLinkId?: number;
  firstScheduleId?: number;
  firstBatchId?: number;
  /** Rows per chunk (default 50,000). */
  chunkSize?: number;
  /** Staff user ids per organization id, for `keyed_by_user_id` of pay-by-card rows. */
  staffOf?: ReadonlyMap<number, readonly number[]>;
}

/** Debit types that make up a terminal batch's sales, and their voided forms. */
const VOID_OF: Partial<Record<TransactionType, TransactionType>> = {
  SALE: 'VOID', MOTO: 'VOIDMOTO', EPP: 'VOIDEPP', SALECOMPLETION: 'VOIDSALECOMPLETION', PREAUTH: 'VOIDPREAUTH',
};
const BATCH_DEBITS = new Set<TransactionType>(['SALE', 'MOTO', 'EPP', 'SALECOMPLETION', 'VOID', 'VOIDMOTO', 'VOIDEPP', 'VOIDSALECOMPLETION']);
/** Terminal card transaction types other than EPP (decided by the method) and the batch messages. */
const TERMINAL_CARD_TYPES = new WeightedTable<TransactionType>([['SALE', 94], ['PREAUTH', 2], ['SALECOMPLETION', 1.6], ['MOTO', 0.8], ['REVERSE', 0.6]]);
/** Share of settlements the host answers "95 reconcile error", so the terminal uploads the batch before the trailer. */
const RECONCILE_ERROR_RATE = 0.06;
/**
 * A terminal settles its batch on its first use of a later MYT day once the batch holds 8 sales
 * or is 3 days old (busy terminals settle daily; a quiet one lets a few days gather).
 */
const SETTLE_AFTER_SALES = 8;
const SETTLE_AFTER_MS = 3 * DAY_MS;
const PREAUTH_STATUS = new WeightedTable<TransactionStatus>([['SUCCESS', 90], ['FAILED', 8], ['PENDING', 2]]);
const TERMINAL_KIND_OF: Partial<Record<PaymentMethod, TerminalKind>> = {
  CC: 'CARD', EPP: 'CARD', EPP_BSN: 'CARD', EW: 'EWALLET', STATIC_QR: 'EWALLET', GEN_QR: 'EWALLET', BNPL: 'BNPL',
};

/** Open batch state of one terminal. */
interface TerminalState {
  stan: number;
  batchSeq: number;
  batch: GenBatch | null;
  day: number;
  lines: Map<string, GenBatchLine>;
  sales: number;
  uploadsLeft: number;
}

/** A scheduled pre-auth follow-up. */
interface FollowUp {
  due: number;
  parent: GenTxn;
  op: 'CAPTURE' | 'PREAUTH_VOID' | 'CAPTURE_VOID';
  captureSen: number;
  /** CAPTURE_VOID: the CAPTURE row it voids (turned VOID when the void is made). */
  capture?: GenTxn;
}

/**
 * Generates `count` transactions over the 90 MYT days up to `now` (none after it), sorted by
 * creation time and yielded in chunks (memory stays flat but for one Float64Array of `count`
 * instants), with unique references "PD" + yymmdd (MYT) + 10 digits (scrambleRef of the row
 * index) and ids from `firstTxnId` up. Merchants' volumes follow the Zipf–Mandelbrot law above
 * over a seeded random order of the merchants (the demo merchant is placed at DEMO_MERCHANT_RANK);
 * within a merchant, sales spread unevenly over the HQ itself and its branches.
 *
 * Every kind of docs/transaction-model.md: pre-auth chains (a CAPTURE never above its PREAUTH, a
 * void ends the chain, follow-ups take later pre-auth slots; a voided CAPTURE row itself turns
 * VOID / VOIDSALECOMPLETION with no fee when its CAPTURE_VOID is made, and a chunk waits to be
 * yielded while one of its captures awaits that void), payment links, recurring schedules
 * with cycles at their frequency, pay-by-card keyed by staff, terminal card rows in per-terminal
 * batches closed by SETTLE (or SETTLE 95 → BATCHUPLOAD → SETTLETRAILER) with lines equal to the
 * batch's rows, terminal e-wallet and BNPL rows; MDR fee on successful sales.
 *
 * Only when the demo branch or the demo HQ itself has no successful MYR sale today is one such
 * terminal sale put in its place, replacing a row of another merchant among today's (kept back
 * until the end), so every demo user sees figures for today. Exactly `count` rows are yielded.
 */
export function* streamTransactions(rng: Rng, ctx: TxnContext, count: number, opts: StreamOptions = {}): Generator<TxnChunk> {
  const { hierarchy: h, now } = ctx;
  const nowMs = now.getTime();
  const chunkSize = Math.max(1, opts.chunkSize ?? 50_000);
  const acquirerTable = new WeightedTable(ctx.acquirers.map((a) => [a, ACQUIRER_WEIGHTS[a.code] ?? 3] as const));
  const bsn = ctx.acquirers.find((a) => a.code === 'BSN') ?? ctx.acquirers[0]!;
  const staffOf = opts.staffOf ?? new Map<number, readonly number[]>();

  // Merchants that trade: verified ones, and suspended ones (their history), with their outlets' terminals.
  let outletSeq = 0;
  const merchants: Merchant[] = [];
  const branchesOf = new Map<number, GenOrg[]>();
  for (const b of h.branches) {
    if (b.onboardingStatus !== 'VERIFIED' && b.onboardingStatus !== 'SUSPENDED') continue;
    const list = branchesOf.get(b.parentId!) ?? [];
    list.push(b);
    branchesOf.set(b.parentId!, list);
  }
  for (const hq of h.hqs) {
    if (hq.onboardingStatus !== 'VERIFIED' && hq.onboardingStatus !== 'SUSPENDED') continue;
    const branches = branchesOf.get(hq.id) ?? [];
    const tids = new Map<number, string[]>();
    for (const outlet of [hq, ...branches]) {
      const n = rng.int(1, 3);
      const seq = outletSeq++;
      tids.set(outlet.id, Array.from({ length: n }, (_, k) => String(60_000_000 + seq * 4 + k)));
    }
    merchants.push({
      hq,
      branches,
      outlets: new WeightedTable([hq, ...branches].map((o) => [o, 0.3 + rng.next() * 1.4] as const)),
      category: h.categoryOf.get(hq.id)!,
      acquirer: rng.weighted(acquirerTable),
      onlineProvider: rng.weighted(ONLINE_PROVIDER_TABLE),
      terminalProvider: rng.weighted(TERMINAL_PROVIDER_TABLE),
      tids,
    });
  }
  const demoMerchant = merchants.find((m) => m.hq.id === h.demo.hq.id)!;
  const merchantById = new Map(merchants.map((m) => [m.hq.id, m]));
  const orgById = new Map(h.all.map((o) => [o.id, o]));

  // Ranks are a seeded permutation of the merchants, the demo merchant swapped to DEMO_MERCHANT_RANK.
  const ranks = rng.shuffle(merchants.map((_, i) => i + 1));
  const demoIndex = merchants.indexOf(demoMerchant);
  const swapWith = ranks.indexOf(Math.min(DEMO_MERCHANT_RANK, merchants.length));
  [ranks[demoIndex], ranks[swapWith]] = [ranks[swapWith]!, ranks[demoIndex]!];
  const volume = merchants.map((m, i) => (m.hq.onboardingStatus === 'SUSPENDED' ? 0.3 : 1) / Math.pow(ranks[i]! + ZIPF_SHIFT, ZIPF_EXPONENT));
  const merchantByService = new Map<ServiceTypeCode, WeightedTable<Merchant>>();
  for (const st of [1, 2, 3, 4, 5, 6] as const) {
    merchantByService.set(st, new WeightedTable(merchants.map((m, i) => [m, volume[i]! * affinity(m.category.kind, st)] as const)));
  }

  // Customers: a domestic pool and a small foreign one, each with a card.
  const domesticCount = Math.min(40_000, Math.max(300, Math.round(count / 6)));
  const foreignCount = Math.max(20, Math.round(domesticCount * 0.05));
  const domestic = Array.from({ length: domesticCount }, (_, i) => makeCustomer(rng, i, false));
  const foreign = Array.from({ length: foreignCount }, (_, i) => makeCustomer(rng, domesticCount + i, true));
  const customers = [...domestic, ...foreign];

  const retailTimes = new TimeSampler(now, 90, HOURS_RETAIL, DOW_RETAIL);
  const onlineTimes = new TimeSampler(now, 90, HOURS_ONLINE, DOW_ONLINE);
  const todayStart = mytDayStart(nowMs);

  // Every row's service type and instant first (8 bytes a row), sorted, so rows are made in time order.
  const keys = new Float64Array(count);
  for (let i = 0; i < count; i++) {
    const st = rng.weighted(SERVICE_MIX);
    keys[i] = (st === 2 ? retailTimes : onlineTimes).sample(rng) * 8 + st;
  }
  keys.sort();

  const refOffset = rng.int(0, REF_SPACE - 1);
  let nextTxnId = opts.firstTxnId ?? 1;
  let nextLinkId = opts.firstLinkId ?? 1;
  let nextScheduleId = opts.firstScheduleId ?? 1;
  let nextBatchId = opts.firstBatchId ?? 1;

  const terminals = new Map<string, TerminalState>();
  const followUps = new MinHeap<FollowUp>((f) => f.due);
  // A voided capture is ONE row with status VOID (docs/transaction-model.md), known only when its
  // CAPTURE_VOID is made at a later pre-auth slot. So a chunk is yielded only once no capture in it
  // waits for its void (`open`); the RNG calls and the rows made stay exactly those of a plain
  // stream, only the moment a chunk leaves moves. A void never made (no pre-auth slot after its
  // due time) leaves its capture SUCCESS.
  const awaitingVoid = new Set<GenTxn>();
  const waiting: { chunk: TxnChunk; open: number }[] = [];
  const holderOf = new Map<GenTxn, { chunk: TxnChunk; open: number }>();
  /** Queues a made chunk, counting its captures whose void is still to come. */
  const enqueue = (chunk: TxnChunk) => {
    const entry = { chunk, open: 0 };
    for (const t of chunk.txns) {
      if (!awaitingVoid.has(t)) continue;
      entry.open++;
      holderOf.set(t, entry);
    }
    waiting.push(entry);
  };
  const schedulesDue = new Map<number, MinHeap<GenSchedule>>();
  const schedules: GenSchedule[] = [];
  let links: GenLink[] = [];
  let batches: GenBatch[] = [];
  let batchLines: GenBatchLine[] = [];

  const terminalOf = (tid: string): TerminalState => {
    let s = terminals.get(tid);
    if (!s) {
      s = { stan: rng.int(1, 900_000), batchSeq: rng.int(1, 400), batch: null, day: 0, lines: new Map(), sales: 0, uploadsLeft: 0 };
      terminals.set(tid, s);
    }
    return s;
  };
  const closeBatch = (s: TerminalState, at: number, status: 'SETTLED' | 'UPLOADED') => {
    const b = s.batch!;
    b.settledAt = new Date(at);
    b.status = status;
    b.hostResponseCode = status === 'SETTLED' ? '00' : '95';
    Object.assign(b, batchTotals(s.lines.values()));
    batches.push(b);
    for (const line of s.lines.values()) batchLines.push(line);
    s.batch = null;
    s.lines = new Map();
    s.sales = 0;
    s.batchSeq = (s.batchSeq % 999_999) + 1;
  };

  const scheduleKey = (s: GenSchedule) => s.nextRunAt?.getTime() ?? Number.POSITIVE_INFINITY;
  const schedulePool = (m: Merchant) => {
    let heap = schedulesDue.get(m.hq.id);
    if (!heap) schedulesDue.set(m.hq.id, (heap = new MinHeap(scheduleKey)));
    return heap;
  };

  const make = (st: ServiceTypeCode, at: number, forced?: { merchant: Merchant; branch: GenOrg | null }): GenTxn => {
    // Pre-auth follow-ups take the next pre-auth slot once due.
    const due = st === 4 && !forced && followUps.size > 0 && followUps.peek()!.due <= at ? followUps.pop()! : null;

    const merchant = forced?.merchant ?? (due ? merchantById.get(due.parent.merchantId)! : rng.weighted(merchantByService.get(st)!));
    const outlet = forced ? (forced.branch ?? merchant.hq) : due ? (orgById.get(due.parent.branchId ?? due.parent.merchantId) ?? merchant.hq) : rng.weighted(merchant.outlets);
    const branch = outlet === merchant.hq ? null : outlet;
    let method = forced ? 'CC' : due ? due.parent.paymentMethod : rng.weighted(METHODS[st]);
    let status: TransactionStatus = forced || due ? 'SUCCESS' : st === 4 ? rng.weighted(PREAUTH_STATUS) : rng.weighted(STATUS_TABLE);

    // Recurring: a due schedule of this merchant takes the slot, else a schedule is (first) seen.
    let schedule: GenSchedule | null = null;
    let cycle: number | null = null;
    if (st === 6) {
      const pool = schedulePool(merchant);
      const head = pool.peek();
      if (head && scheduleKey(head) <= at) {
        schedule = pool.pop()!;
        cycle = schedule.cyclesDone + 1;
      }
    }

    const isCard = CARD_METHODS.has(method);
    const wantsForeign = !schedule && isCard && (method === 'CCINT' || ((st === 1 || st === 4) && rng.chance(0.08)));
    const customerIndex = schedule ? schedule.customerIndex : wantsForeign ? domestic.length + rng.int(0, foreign.length - 1) : rng.int(0, domestic.length - 1);
    const customer = customers[customerIndex]!;
    const card = isCard ? customer.card : null;

    let value = amountFor(rng, st, merchant.category);
    let currency = 'MYR';
    if (st === 1 && customer.foreign && rng.chance(0.6)) {
      const foreignCurrency = customer.country === 'SINGAPORE' ? 'SGD' : 'USD';
      currency = foreignCurrency;
      value /= MYR_PER[foreignCurrency];
    }
    let amount = cents(value);
    if (schedule) {
      amount = schedule.amount;
      currency = schedule.currency;
    }

    let txnType: TransactionType = 'SALE';
    let preauthOp: GenTxn['preauthOp'] = null;
    let originalTxnId: number | null = null;
    let terminalKind: TerminalKind | null = null;
    let entryMode: EntryMode | null = null;
    let batchNo: string | null = null;
    let stan: string | null = null;
    let rrn: string | null = null;
    let tid: string | null = null;
    let terminal: TerminalState | null = null;
    let control = false;
    let responseOverride: [string, string] | null = null;

    if (st === 4) {
      if (due) {
        preauthOp = due.op;
        originalTxnId = due.parent.id;
        amount = senToText(due.op === 'PREAUTH_VOID' ? textToSen(due.parent.amount) : due.captureSen);
        currency = due.parent.currency;
        txnType = due.op === 'CAPTURE' ? 'SALECOMPLETION' : due.op === 'PREAUTH_VOID' ? 'VOIDPREAUTH' : 'VOIDSALECOMPLETION';
      } else {
        preauthOp = 'PREAUTH';
        txnType = 'PREAUTH';
      }
    } else if (st === 5) {
      entryMode = 'KEYED';
      if (rng.chance(0.35)) txnType = 'MOTO';
    } else if (st === 2) {
      terminalKind = TERMINAL_KIND_OF[method] ?? 'CARD';
      tid = rng.pick(merchant.tids.get(outlet.id)!);
      if (terminalKind === 'CARD') {
        terminal = terminalOf(tid);
        const day = mytDayStart(at);
        if (!forced && terminal.batch && terminal.uploadsLeft > 0) {
          // The host asked for the batch: upload its rows one by one, then the trailer closes it.
          control = true;
          terminal.uploadsLeft--;
          txnType = terminal.uploadsLeft > 0 ? 'BATCHUPLOAD' : 'SETTLETRAILER';
        } else if (!forced && terminal.batch && terminal.sales > 0 && day > terminal.day && (terminal.sales >= SETTLE_AFTER_SALES || day - terminal.day >= SETTLE_AFTER_MS)) {
          control = true;
          txnType = 'SETTLE';
          if (rng.chance(RECONCILE_ERROR_RATE)) {
            status = 'FAILED';
            responseOverride = ['95', 'Reconcile error, batch upload requested'];
            terminal.uploadsLeft = Math.min(terminal.sales, rng.int(1, 3)) + 1;
          }
        } else if (method === 'EPP' || method === 'EPP_BSN') txnType = 'EPP';
        else txnType = forced ? 'SALE' : rng.weighted(TERMINAL_CARD_TYPES);
        if (control) {
          method = 'CC';
          if (status !== 'FAILED') status = 'SUCCESS';
        }
        if (!terminal.batch) {
          terminal.batch = {
            id: nextBatchId++, masterMerchantId: merchant.hq.mm, agencyId: merchant.hq.agency, agentId: merchant.hq.agent, merchantId: merchant.hq.id,
            branchId: branch?.id ?? null, tid, mid: outlet.mid!, batchNo: String(terminal.batchSeq).padStart(6, '0'), openedAt: new Date(at), settledAt: null, status: 'OPEN',
            hostResponseCode: null, saleCount: 0, saleSen: 0, voidCount: 0, voidSen: 0,
          };
          terminal.day = day;
        }
        batchNo = terminal.batch.batchNo;
        terminal.stan = (terminal.stan % 999_999) + 1;
        stan = String(terminal.stan).padStart(6, '0');
        const local = new Date(at + MYT_OFFSET_MS);
        const julian = Math.floor((local.getTime() - Date.UTC(local.getUTCFullYear(), 0, 1)) / DAY_MS) + 1;
        rrn = `${local.getUTCFullYear() % 10}${String(julian).padStart(3, '0')}${String(local.getUTCHours()).padStart(2, '0')}${stan}`;
        if (!control) entryMode = txnType === 'MOTO' ? 'KEYED' : rng.weighted(ENTRY_MODE_MIX);
        if (entryMode === 'CONTACTLESS' && Number(amount) > CONTACTLESS_LIMIT_RM) entryMode = 'CHIP';
      } else if (method === 'EPP' || method === 'EPP_BSN') txnType = 'EPP';
    } else if (method === 'EPP' || method === 'EPP_BSN') txnType = 'EPP';
    if (status === 'VOID') {
      const voided = VOID_OF[txnType];
      if (voided) txnType = voided;
      else status = 'SUCCESS';
    }
    const hasCard = isCard && !control;
    if (control) amount = '0.00';

    let responseCode: string | null = '00';
    let responseMessage: string | null = 'Approved';
    if (responseOverride) [responseCode, responseMessage] = responseOverride;
    else if (status === 'FAILED') {
      [responseCode, responseMessage] = rng.weighted(isCard ? (st === 2 ? DECLINE_TABLES.terminal : DECLINE_TABLES.card) : DECLINE_TABLES.other);
    } else if (status === 'PENDING') {
      responseCode = null;
      responseMessage = null;
    }
    let authCode: string | null = null;
    if (hasCard && (status === 'SUCCESS' || status === 'VOID')) {
      authCode = '';
      for (let i = 0; i < 6; i++) authCode += AUTH_CHARS[Math.floor(rng.next() * AUTH_CHARS.length)];
    }

    const acquirer = isCard ? (method === 'EPP_BSN' ? bsn : merchant.acquirer) : null;
    const provider = method === 'EPP_BSN' ? 'BSN' : st === 2 ? merchant.terminalProvider : merchant.onlineProvider;
    const bankCode = method === 'FPX_B2C' || method === 'OB' ? rng.weighted(FPX_B2C) : method === 'FPX_B2B' ? rng.weighted(FPX_B2B) : null;
    const walletProvider: WalletProvider | null =
      method === 'STATIC_QR' || (method === 'GEN_QR' && st !== 2) ? 'DUITNOW_QR' : method === 'GEN_QR' ? (rng.chance(0.7) ? 'DUITNOW_QR' : rng.weighted(WALLET_MIX)) : method === 'EW' ? rng.weighted(WALLET_MIX) : null;
    const bnplProvider: BnplProvider | null = method === 'BNPL' ? rng.weighted(BNPL_MIX) : null;
    const online = st !== 2;
    const created = new Date(at);
    const updated = status === 'VOID' ? new Date(Math.min(nowMs, at + rng.int(60, 6 * 3600) * 1000)) : created;
    // Exact: a 2-decimal amount below RM 10^11 times 100 is within 0.5 of its integer.
    const amountSen = Math.round(Number(amount) * 100);
    const earns = status === 'SUCCESS' && !control && txnType !== 'PREAUTH' && txnType !== 'REVERSE' && !txnType.startsWith('VOID');

    const row: GenTxn = {
      id: nextTxnId++,
      txnRefNo: '',
      merchantOrderNo: online ? (due ? due.parent.merchantOrderNo : `${rng.pick(['ORD', 'INV', 'SO', 'BK'])}${rng.digits(8)}`) : null,
      orderDescription: online ? rng.pick(ORDER_WORDS[merchant.category.kind]) : null,
      serviceType: st,
      paymentMethod: method,
      cardScheme: hasCard ? card!.scheme : null,
      cardType: hasCard ? card!.cardType : null,
      maskedPan: hasCard ? card!.maskedPan : null,
      panLast4: hasCard ? card!.last4 : null,
      issuerCountry: hasCard ? (method === 'CCINT' && card!.issuerCountry === 'MYS' ? rng.pick(FOREIGN_ISSUERS) : card!.issuerCountry) : null,
      bankCode,
      txnType,
      status,
      amount,
      currency,
      mid: outlet.mid,
      tid,
      acquirerId: acquirer?.id ?? null,
      acquirerName: acquirer?.name ?? null,
      provider,
      authCode: due && due.op !== 'CAPTURE' ? due.parent.authCode : authCode,
      responseCode,
      responseMessage,
      masterMerchantId: merchant.hq.mm,
      agencyId: merchant.hq.agency,
      agentId: merchant.hq.agent,
      merchantId: merchant.hq.id,
      branchId: branch?.id ?? null,
      custName: online ? customer.name : null,
      custPhoneNo: online ? customer.phone : null,
      custEmail: online ? customer.email : null,
      custRef: online ? customer.ref : null,
      custAddress1: online ? customer.address1 : null,
      custAddress2: online ? customer.address2 : null,
      custState: online ? customer.state : null,
      custCity: online ? customer.city : null,
      custCountry: online ? customer.country : null,
      clientIp: online && st !== 5 && st !== 6 ? customer.ip : null,
      paymentCreationDate: status === 'PENDING' && rng.chance(0.5) ? null : created,
      createdAt: created,
      updatedAt: updated,
      mdrFee: earns ? senToText(mdrFeeSen(method, amountSen)) : '0.00',
      preauthOp,
      originalTxnId,
      paymentLinkId: null,
      recurringScheduleId: null,
      recurringCycle: cycle,
      entryMode,
      keyedByUserId: null,
      terminalKind,
      batchNo,
      stan,
      rrn,
      walletProvider,
      bnplProvider,
    };

    // Side effects of the kind, now that the row exists.
    if (st === 4 && preauthOp === 'PREAUTH' && status === 'SUCCESS') {
      const r = rng.next();
      if (r < 0.78) followUps.push({ due: at + rng.int(3600, 5 * 86400) * 1000, parent: row, op: 'CAPTURE', captureSen: Math.max(100, Math.round(amountSen * (0.8 + rng.next() * 0.2))) });
      else if (r < 0.9) followUps.push({ due: at + rng.int(600, 2 * 86400) * 1000, parent: row, op: 'PREAUTH_VOID', captureSen: 0 });
    } else if (due?.op === 'CAPTURE' && rng.chance(0.04)) {
      followUps.push({ due: at + rng.int(600, 12 * 3600) * 1000, parent: due.parent, op: 'CAPTURE_VOID', captureSen: amountSen, capture: row });
      awaitingVoid.add(row);
    } else if (due?.op === 'CAPTURE_VOID' && due.capture) {
      // The voided capture, like any voided sale: status VOID, its void type, no fee, changed now.
      const c = due.capture;
      c.status = 'VOID';
      c.txnType = 'VOIDSALECOMPLETION';
      c.mdrFee = '0.00';
      c.updatedAt = created;
      awaitingVoid.delete(c);
      const holder = holderOf.get(c);
      if (holder) {
        holder.open--;
        holderOf.delete(c);
      }
    }
    if (st === 3) {
      const linkCreated = Math.max(at - rng.int(300, 3 * 86400) * 1000, at - 89 * DAY_MS);
      const expires = linkCreated + rng.pick([1, 3, 7, 14, 30]) * DAY_MS;
      const link = makeLink(row, nextLinkId++, linkCreated, Math.max(expires, at + 60_000), status === 'SUCCESS' || status === 'VOID' ? 'PAID' : expires < nowMs ? 'EXPIRED' : 'ACTIVE');
      row.paymentLinkId = link.id;
      links.push(link);
      if (rng.chance(0.15)) {
        // A link sent but never paid.
        const c2 = at - rng.int(60, 5 * 86400) * 1000;
        const e2 = c2 + rng.pick([1, 3, 7]) * DAY_MS;
        const unpaid = makeLink(row, nextLinkId++, c2, e2, rng.chance(0.1) ? 'CANCELLED' : e2 < nowMs ? 'EXPIRED' : 'ACTIVE');
        unpaid.amount = cents(amountFor(rng, 3, merchant.category));
        links.push(unpaid);
      }
    }
    if (st === 6) {
      if (!schedule) {
        const frequency = rng.weighted(FREQUENCY_MIX);
        const periodMs = PERIOD_MS[frequency];
        const seen = frequency === 'YEARLY' ? 1 : rng.int(1, frequency === 'MONTHLY' ? 6 : 3);
        const start = at - (seen - 1) * periodMs;
        const startLocal = new Date(mytDayStart(start) + MYT_OFFSET_MS);
        schedule = {
          id: nextScheduleId++, masterMerchantId: row.masterMerchantId, agencyId: row.agencyId, agentId: row.agentId, merchantId: row.merchantId, branchId: row.branchId,
          custName: customer.name, custEmail: customer.email, custRef: customer.ref, amount: row.amount, currency: row.currency, frequency,
          startDate: startLocal.toISOString().slice(0, 10), cyclesTotal: rng.pick([3, 6, 12, 12, 24, null]), cyclesDone: seen - 1, nextRunAt: null,
          status: 'ACTIVE', createdAt: new Date(start - rng.int(60, 3600) * 1000), customerIndex, periodMs,
        };
        schedules.push(schedule);
        if (schedule.cyclesTotal !== null && schedule.cyclesTotal < seen) schedule.cyclesTotal = seen;
        cycle = seen;
        row.recurringCycle = cycle;
      }
      row.recurringScheduleId = schedule.id;
      schedule.cyclesDone = cycle!;
      if (schedule.cyclesTotal !== null && schedule.cyclesDone >= schedule.cyclesTotal) {
        schedule.status = 'COMPLETED';
        schedule.nextRunAt = null;
      } else if (status === 'FAILED' && rng.chance(0.3)) {
        schedule.status = 'SUSPENDED';
        schedule.nextRunAt = null;
      } else if (rng.chance(0.01)) {
        schedule.status = 'CANCELLED';
        schedule.nextRunAt = null;
      } else {
        schedule.nextRunAt = new Date(at + schedule.periodMs);
        schedulePool(merchant).push(schedule);
      }
    }
    if (st === 5) {
      const staff = staffOf.get(outlet.id) ?? staffOf.get(merchant.hq.id);
      if (staff && staff.length > 0) row.keyedByUserId = rng.pick(staff);
    }
    if (terminal && !control) {
      terminal.day = terminal.sales === 0 ? mytDayStart(at) : terminal.day;
      if (BATCH_DEBITS.has(txnType) && (status === 'SUCCESS' || status === 'VOID')) {
        const key = `${row.cardScheme}|${row.cardType}`;
        let line = terminal.lines.get(key);
        if (!line) terminal.lines.set(key, (line = { batchId: terminal.batch!.id, cardScheme: row.cardScheme!, cardType: row.cardType!, saleCount: 0, saleSen: 0, voidCount: 0, voidSen: 0 }));
        line.saleCount++;
        line.saleSen += amountSen;
        if (status === 'VOID') {
          line.voidCount++;
          line.voidSen += amountSen;
        }
        terminal.sales++;
      }
    } else if (terminal && control && (txnType === 'SETTLE' && status === 'SUCCESS')) closeBatch(terminal, at, 'SETTLED');
    else if (terminal && control && txnType === 'SETTLETRAILER') closeBatch(terminal, at, 'UPLOADED');
    return row;
  };

  const makeLink = (t: GenTxn, id: number, created: number, expires: number, status: GenLink['status']): GenLink => ({
    id, masterMerchantId: t.masterMerchantId, agencyId: t.agencyId, agentId: t.agentId, merchantId: t.merchantId, branchId: t.branchId,
    linkRef: `PL${tenDigits(scrambleRef(id % REF_SPACE, 1_234_567_891))}`, amount: t.amount, currency: t.currency, description: t.orderDescription,
    status, expiresAt: new Date(expires), createdAt: new Date(created),
  });

  const dayPrefix = new Map<number, string>();
  const refs = (rows: GenTxn[], start: number) => {
    rows.forEach((r, k) => {
      const day = mytDayStart(r.createdAt.getTime());
      let prefix = dayPrefix.get(day);
      if (prefix === undefined) {
        const local = new Date(day + MYT_OFFSET_MS);
        prefix = `PD${String(local.getUTCFullYear() % 100).padStart(2, '0')}${String(local.getUTCMonth() + 1).padStart(2, '0')}${String(local.getUTCDate()).padStart(2, '0')}`;
        dayPrefix.set(day, prefix);
      }
      r.txnRefNo = prefix + tenDigits(scrambleRef(start + k, refOffset));
    });
  };
  const refundPicker = new RefundPicker(rng, now, demoMerchant.hq.id);
  const flush = (rows: GenTxn[], start: number, last: boolean): TxnChunk => {
    refs(rows, start);
    const chunk: TxnChunk = { txns: rows, links, batches, batchLines, schedules: last ? schedules : [], refunds: refundPicker.pick(rows, last) };
    links = [];
    batches = [];
    batchLines = [];
    return chunk;
  };

  // Today's rows (and at least the last 16) are kept back: a demo outlet may need a sale among them.
  let holdFrom = count;
  while (holdFrom > 0 && keys[holdFrom - 1]! / 8 >= todayStart) holdFrom--;
  holdFrom = Math.max(0, Math.min(holdFrom, count - 16));
  let emitted = 0;
  let chunk: GenTxn[] = [];
  for (let i = 0; i < holdFrom; i++) {
    const key = keys[i]!;
    chunk.push(make((key % 8) as ServiceTypeCode, Math.floor(key / 8)));
    if (chunk.length >= chunkSize) {
      enqueue(flush(chunk, emitted, false));
      emitted += chunk.length;
      chunk = [];
    }
    while (waiting.length > 0 && waiting[0]!.open === 0) yield waiting.shift()!.chunk;
  }
  if (chunk.length > 0) {
    enqueue(flush(chunk, emitted, false));
    emitted += chunk.length;
  }
  const held: GenTxn[] = [];
  for (let i = holdFrom; i < count; i++) {
    const key = keys[i]!;
    held.push(make((key % 8) as ServiceTypeCode, Math.floor(key / 8)));
  }

  // A demo outlet without a successful MYR sale today gets one (a terminal card sale: the demo
  // merchant is a restaurant), replacing a plain row of another merchant (e-commerce, pay-by-card
  // or terminal e-wallet/BNPL: no chain, link, schedule or batch depends on it) so the count holds.
  const todayTimes = nowMs > todayStart ? new TimeSampler(now, 1, HOURS_RETAIL, DOW_RETAIL) : null;
  const soldToday = (branch: GenOrg | null) =>
    held.some((r) => r.merchantId === demoMerchant.hq.id && r.branchId === (branch?.id ?? null) && r.status === 'SUCCESS' && r.currency === 'MYR' && r.createdAt.getTime() >= todayStart);
  const plain = (r: GenTxn) => r.merchantId !== demoMerchant.hq.id && (r.serviceType === 1 || r.serviceType === 5 || (r.serviceType === 2 && r.terminalKind !== 'CARD'));
  let victim = held.length - 1;
  for (const branch of [h.demo.branch, null]) {
    if (soldToday(branch)) continue;
    while (victim >= 0 && !plain(held[victim]!)) victim--;
    if (victim < 0) break;
    const replaced = held[victim]!;
    const forced = make(2, todayTimes ? todayTimes.sample(rng) : nowMs, { merchant: demoMerchant, branch });
    forced.id = replaced.id;
    nextTxnId--;
    held[victim--] = forced;
  }
  // The forced row takes the replaced row's id (nothing refers to a plain row), so ids stay unique;
  // every other row keeps its id, as pre-auth chains point at them.
  held.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || a.id - b.id);
  // Batches still open (today's, mostly) are written with the last chunk, their lines as they stand.
  for (const s of terminals.values()) {
    if (!s.batch) continue;
    Object.assign(s.batch, batchTotals(s.lines.values()));
    batches.push(s.batch);
    for (const line of s.lines.values()) batchLines.push(line);
  }
  // Every void that will ever be made is made: the captures still waiting stay SUCCESS.
  for (const entry of waiting) yield entry.chunk;
  yield flush(held, emitted, true);
}

/**
 * Generates `count` transactions in memory (the whole stream of streamTransactions in one array,
 * side rows dropped): for tests and small datasets.
 */
export function generateTransactions(rng: Rng, ctx: TxnContext, count: number, opts: StreamOptions = {}): GenTxn[] {
  const out: GenTxn[] = [];
  for (const c of streamTransactions(rng, ctx, count, opts)) for (const t of c.txns) out.push(t);
  return out;
}

const REFUND_REASONS = new WeightedTable<GenRefund['reasonCode']>([['RC', 60], ['DP', 15], ['OT', 15], ['FR', 10]]);
const REFUND_DESCRIPTIONS: Record<GenRefund['reasonCode'], readonly string[]> = {
  FR: ['Cardholder reports the transaction as unauthorised', 'Card reported stolen by customer'],
  DP: ['Customer charged twice for the same order', 'Duplicate payment on the same invoice'],
  RC: ['Customer cancelled the order', 'Item out of stock, customer requests refund', 'Booking cancelled by customer', 'Service not rendered'],
  OT: ['Price adjustment after order', 'Goods returned in good condition', 'Overpayment'],
};
const REFUND_STATUS_RECENT = new WeightedTable([['PENDING', 80], ['REFUNDED', 6], ['COMPLETED', 5], ['REJECTED', 4], ['TXN_NOT_FOUND', 2], ['REFUNDED_ACK_FAIL', 1]] as const);
const REFUND_STATUS_OLD = new WeightedTable([
  ['PENDING', 25], ['REFUNDED', 22], ['COMPLETED', 20], ['REJECTED', 12], ['EXPIRED', 12], ['TXN_NOT_FOUND', 5], ['REFUNDED_ACK_FAIL', 4],
] as const);
const REFUNDABLE = new Set<number>([1, 3, 5, 6]);

/**
 * Refund requests on about 0.5% of successful e-commerce, payment-link, pay-by-card and recurring
 * sales, chunk by chunk (mostly PENDING when recent); at the last chunk, at least two pending
 * ones in the demo merchant when it has refundable sales (among its 20 latest).
 */
class RefundPicker {
  private readonly demoRecent: GenTxn[] = [];
  private demoPending = 0;

  constructor(private readonly rng: Rng, private readonly now: Date, private readonly demoMerchantId: number) {}

  private make(t: GenTxn, forcePending: boolean): GenRefund {
    const { rng } = this;
    const nowMs = this.now.getTime();
    // Requested 1 hour to 12 days after the sale; a recent sale's request falls proportionally
    // between the sale and now (the same draw, scaled), so recent requests keep distinct, believable
    // times instead of all reading the seed's own instant.
    const sold = t.createdAt.getTime();
    const after = rng.int(3600, 12 * 86400) * 1000;
    const at = sold + after <= nowMs ? sold + after : sold + Math.floor((nowMs - sold) * (after / (12 * 86400 * 1000)));
    const ageDays = (nowMs - at) / DAY_MS;
    let status: GenRefund['status'] = forcePending ? 'PENDING' : rng.weighted(ageDays <= 14 ? REFUND_STATUS_RECENT : REFUND_STATUS_OLD);
    const reasonCode = rng.weighted(REFUND_REASONS);
    let updated = status === 'PENDING' ? at : Math.min(nowMs, at + rng.int(3600, 5 * 86400) * 1000);
    // Pending longer than the expiry age, the scheduler would have expired it on that day (no draw, so
    // every later row stays as it was).
    if (status === 'PENDING' && ageDays > DEFAULT_REFUND_EXPIRY_DAYS) {
      status = 'EXPIRED';
      updated = at + DEFAULT_REFUND_EXPIRY_DAYS * DAY_MS;
    }
    return { txnRefNo: t.txnRefNo, reasonCode, status, description: rng.pick(REFUND_DESCRIPTIONS[reasonCode]), createdAt: new Date(at), updatedAt: new Date(updated) };
  }

  pick(rows: readonly GenTxn[], last: boolean): GenRefund[] {
    const out: GenRefund[] = [];
    for (const t of rows) {
      if (t.status !== 'SUCCESS' || !REFUNDABLE.has(t.serviceType)) continue;
      const chosen = this.rng.chance(0.005);
      if (chosen) {
        const r = this.make(t, false);
        out.push(r);
        if (t.merchantId === this.demoMerchantId && r.status === 'PENDING') this.demoPending++;
      }
      if (!chosen && t.merchantId === this.demoMerchantId) {
        this.demoRecent.push(t);
        if (this.demoRecent.length > 20) this.demoRecent.shift();
      }
    }
    if (last) {
      for (let i = this.demoPending; i < 2 && this.demoRecent.length > 0; i++) {
        const t = this.demoRecent.splice(this.demoRecent.length - 1 - Math.floor(this.rng.next() * this.demoRecent.length), 1)[0]!;
        out.push(this.make(t, true));
      }
    }
    return out;
  }
}
