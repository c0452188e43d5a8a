/**
 * Generators of Malaysian-looking people, companies, addresses, phone numbers and e-mails for
 * the demo dataset. All draw from a seeded Rng, so they are deterministic.
 */
import {
  AREAS, CHINESE_GIVEN, CHINESE_NICK, CHINESE_SURNAME, CHINESE_WORDS, EAST_FATHER, EAST_GIVEN, INDIAN_FATHER, INDIAN_FEMALE,
  INDIAN_MALE, INDIAN_WORDS, MAIL_DOMAINS, MALAY_FATHER, MALAY_FEMALE, MALAY_MALE, MALAY_WORDS, STATES, STREETS,
  type City, type State, type TradeKind,
} from './data.ts';
import { WeightedTable, type Rng } from './random.ts';

export interface Person {
  /** Full name as on an identity card, e.g. "Nurul Aisyah binti Hassan", "Tan Wei Ming", "Priya a/p Subramaniam". */
  full: string;
  /** The part used for e-mail local parts, lower case without spaces, e.g. "nurulaisyah", "weiming.tan". */
  handle: string;
  /** Family name or father's name, for "Klinik Dr. Lim" style names. */
  family: string;
}

/** A Malaysian person's name; `eastWeight` raises the share of Sabah/Sarawak names. */
export function personName(rng: Rng, eastWeight = 0.05): Person {
  const u = rng.next();
  const female = rng.chance(0.5);
  const slug = (s: string) => s.toLowerCase().replace(/[^a-z]/g, '');
  if (u < 0.55 - eastWeight / 2) {
    const given = rng.pick(female ? MALAY_FEMALE : MALAY_MALE);
    const father = rng.pick(MALAY_FATHER);
    return { full: `${given} ${female ? 'binti' : 'bin'} ${father}`, handle: slug(given), family: father };
  }
  if (u < 0.83 - eastWeight / 2) {
    const surname = rng.pick(CHINESE_SURNAME);
    const given = rng.pick(CHINESE_GIVEN);
    return { full: `${surname} ${given}`, handle: `${slug(given)}.${slug(surname)}`, family: surname };
  }
  if (u < 1 - eastWeight) {
    const given = rng.pick(female ? INDIAN_FEMALE : INDIAN_MALE);
    const father = rng.pick(INDIAN_FATHER);
    return { full: `${given} ${female ? 'a/p' : 'a/l'} ${father}`, handle: slug(given), family: father };
  }
  const given = rng.pick(EAST_GIVEN);
  const father = rng.pick(EAST_FATHER);
  return { full: `${given} anak ${father}`, handle: `${slug(given)}.${slug(father)}`, family: father };
}

const MALAY_NICK = ['Pak Ali', 'Mak Jah', 'Kak Ros', 'Abang Din', 'Pak Mat', 'Mak Limah', 'Kak Yah', 'Cik Siti', 'Pak Long', 'Mak Su'] as const;

/** Name templates by trade kind; {W2} two Malay words, {W1} one, {C2} a Chinese pair, {I1} a Tamil name, {nick}/{mnick} shop-owner nicknames, {town}, {family}. */
const TEMPLATES: Record<TradeKind, readonly string[]> = {
  grocery: ['Kedai Runcit {nick}', 'Kedai Runcit {mnick}', 'Pasar Mini {W2}', '{C2} Mini Market', '{W1} Mart', '{I1} Provision Store', 'Pasaraya {W2}', 'Kedai Runcit {C2}'],
  restaurant: [
    'Restoran {W2}', 'Restoran Nasi Kandar {W1}', 'Restoran {C2}', '{C2} Kopitiam', 'Restoran {I1}', 'Warung {mnick}', 'Restoran Ikan Bakar {W1}',
    '{C2} Seafood Restaurant', 'Restoran Mamak {I1}', '{C2} Dim Sum House', 'Restoran Masakan Kampung {W1}',
  ],
  fastfood: ['{W1} Burger', 'Ayam Gepuk {W1}', '{C2} Chicken Rice', 'Roti Canai {W1}', 'Nasi Lemak {mnick}', '{W1} Fried Chicken', 'Mee Goreng {mnick}'],
  cafe: ['{W1} Cafe', 'Kopi {W1}', '{C2} Tea House', '{town} Coffee House', '{W1} Bistro'],
  bakery: ['{C2} Bakery', 'Kek & Roti {W1}', '{W1} Bakery & Confectionery', 'Kuih {mnick}', '{C2} Confectionery'],
  hotel: ['Hotel {W2}', '{W1} Inn', '{W1} Resort', '{town} Boutique Hotel', 'Hotel Seri {W1}', '{C2} Hotel', '{W1} Homestay'],
  transport: ['Teksi {W1}', '{W2} Transport', '{C2} Logistics', 'Bas Ekspres {W1}', '{W1} Express Courier', '{W2} Freight'],
  travel: ['{W2} Travel & Tours', '{C2} Travel Agency', 'Umrah {W1} Travel', '{W1} Holidays', '{town} Tours'],
  clothing: [
    'Butik {mnick}', '{W1} Fashion', '{C2} Tailor', 'Kedai Kain {W1}', '{I1} Silk House', '{W1} Baju Kurung Collection', '{C2} Shoe Store',
    '{W1} Sportswear', '{W1} Kids Wear',
  ],
  electronics: ['{C2} Electrical', '{W1} Elektronik', '{C2} Handphone Centre', '{W1} Computer Centre', '{C2} Electronics', '{W1} Mobile'],
  pharmacy: ['Farmasi {W1}', '{C2} Pharmacy', 'Farmasi {W2}', '{W1} Health Pharmacy'],
  medical: [
    'Klinik {W1}', 'Klinik Pergigian {W1}', '{W1} Medical Centre', 'Hospital Pakar {W1}', '{W1} Specialist Centre', '{C2} Optical', 'Klinik Dr. {family}',
    '{W1} Dental Clinic',
  ],
  education: ['Tadika {W1}', 'Pusat Tuisyen {W1}', 'Kolej {W2}', '{W1} International College', '{W1} Learning Centre', 'Sekolah Memandu {W1}', 'Akademi {W1}'],
  utility: ['{W1} Utilities', '{W2} Telco Centre', '{W1} Broadband', '{W1} Energy', '{C2} Communication'],
  hardware: ['{C2} Hardware', 'Kedai Besi {W1}', '{W1} Building Materials', '{C2} Tiles & Sanitary', 'Kedai Perkakasan {W1}'],
  beauty: ['Salun {mnick}', '{W1} Beauty Spa', '{I1} Barber Shop', '{C2} Hair Salon', 'Spa {W1}', '{W1} Cosmetics', '{W1} Beauty House'],
  auto: [
    'Bengkel {W1}', '{C2} Motor', '{W1} Auto Parts', '{C2} Tyre & Battery', '{W1} Car Wash', 'Stesen Minyak {W1}', '{W1} Car Rental', '{C2} Auto Service',
    'Parking {W1}',
  ],
  jewellery: ['Kedai Emas {C2}', '{C2} Goldsmith', 'Emas {W1}', '{I1} Jewellers', '{C2} Watch Centre'],
  books: ['Kedai Buku {W1}', '{C2} Stationery', '{W1} Bookstore', '{W1} Printing & Stationery'],
  gifts: ['Kedai Bunga {W1}', '{W1} Florist', '{C2} Toys', '{W1} Pet Shop', '{W1} Gift Shop', '{W1} Nursery', '{town} Souvenir'],
  furniture: ['{C2} Furniture', 'Perabot {W1}', '{W1} Home Living', '{C2} Mattress Centre'],
  recreation: [
    '{W1} Cinema', '{W1} Futsal Centre', '{W1} Bowling Centre', '{W1} Sports Club', 'Kelab Rekreasi {W1}', '{W1} Dance Studio', '{W1} Fitness',
    '{W1} Golf & Country Club',
  ],
  services: [
    '{W2} Consultancy', '{family} & Associates', 'Dobi {W1}', '{W1} Laundry', '{W1} Advertising', '{W1} Printing Services', 'Syarikat {W2}',
    '{W2} Services', '{W1} Event Management',
  ],
  digital: ['{W1} Tech', '{W2} Software', '{C2} Computer Services', '{W1} Digital Solutions', '{W1} Systems'],
  general: ['{W2} Emporium', '{C2} Departmental Store', 'Kedai Serbaneka {W1}', '{W1} Variety Store', 'Syarikat {W2}', '{W1} Wholesale', '{C2} General Store'],
  charity: ['Pertubuhan Kebajikan {W1}', 'Persatuan Amal {W2}', 'Yayasan {W1}'],
  government: ['Majlis Daerah {W1}', 'Pusat Khidmat {W1}', 'Lembaga {W1}'],
};

/** Templates for categories whose trade kind's list would not fit (a taxi firm is not a freight company). */
const TEMPLATES_BY_MCC: Record<string, readonly string[]> = {
  '4111': ['{W2} Ferry Services', '{town} Shuttle Services', '{W1} Commuter Services'],
  '4121': ['Teksi {W1}', '{W2} Limousine', '{town} Taxi Services', '{C2} Teksi'],
  '4131': ['Bas Ekspres {W1}', '{W2} Bus Services', '{C2} Express Bus'],
  '4214': ['{W2} Transport', '{C2} Logistics', '{W2} Freight'],
  '4215': ['{W1} Express Courier', '{C2} Courier Services', '{W2} Delivery'],
  '4411': ['{W1} Cruises', '{W2} Ferry Line'],
  '4511': ['{W1} Air Charter', '{W2} Aviation'],
  '4784': ['{W2} Toll Services', '{W1} Highway Concession'],
  '4812': ['{C2} Handphone Centre', '{W1} Mobile', '{C2} Telecommunication'],
  '4814': ['{W2} Telco Centre', '{W1} Communication'],
  '4899': ['{W1} Broadband', '{W1} Vision', '{W2} Cable Network'],
  '4900': ['{W1} Utilities', '{W1} Energy', '{W2} Water Services'],
  '5045': ['{W1} Computer Centre', '{C2} Computer', '{W2} IT Supplies'],
  '5111': ['{C2} Stationery', '{W1} Printing & Stationery', '{W2} Office Supplies'],
  '5122': ['{W1} Pharma Distributors', '{C2} Medical Supplies'],
  '5261': ['{W1} Nursery', '{W1} Garden Centre', 'Semaian {W1}'],
  '5533': ['{W1} Auto Parts', '{C2} Tyre & Battery', '{C2} Motor Parts'],
  '5541': ['Stesen Minyak {W1}', '{W1} Petrol Station', 'Stesen Servis {W2}'],
  '5542': ['Stesen Minyak {W1}', '{W1} Petrol Station'],
  '5641': ['{W1} Kids Wear', '{C2} Baby Shop'],
  '5655': ['{W1} Sportswear', '{C2} Sports'],
  '5661': ['{C2} Shoe Store', 'Kedai Kasut {W1}'],
  '5722': ['{C2} Electrical', '{W1} Home Appliances'],
  '5732': ['{C2} Electrical', '{W1} Elektronik', '{C2} Electronics'],
  '5942': ['Kedai Buku {W1}', '{W1} Bookstore'],
  '5943': ['{C2} Stationery', 'Kedai Alat Tulis {W1}'],
  '5945': ['{C2} Toys', '{W1} Hobby & Games'],
  '5947': ['{W1} Gift Shop', '{town} Souvenir'],
  '5977': ['{W1} Cosmetics', '{W1} Beauty House'],
  '5992': ['Kedai Bunga {W1}', '{W1} Florist'],
  '5995': ['{W1} Pet Shop', '{C2} Aquarium & Pets'],
  '7210': ['Dobi {W1}', '{W1} Laundry'],
  '7230': ['Salun {mnick}', '{I1} Barber Shop', '{C2} Hair Salon'],
  '7298': ['{W1} Beauty Spa', 'Spa {W1}', '{W1} Wellness Spa'],
  '7299': ['{W1} Event Management', '{W1} Photography', '{W2} Wedding Services'],
  '7311': ['{W1} Advertising', '{W2} Media'],
  '7372': ['{W1} Tech', '{W2} Software', '{W1} Digital Solutions', '{W1} Systems'],
  '7399': ['{W2} Services', '{W2} Consultancy', 'Syarikat {W2}'],
  '7512': ['{W1} Car Rental', 'Kereta Sewa {W1}'],
  '7523': ['Parking {W1}', '{W1} Car Park'],
  '7538': ['Bengkel {W1}', '{C2} Auto Service', '{C2} Motor Workshop'],
  '7542': ['{W1} Car Wash', 'Cuci Kereta {W1}'],
  '7832': ['{W1} Cinema', '{W1} Cineplex'],
  '7911': ['{W1} Dance Studio', 'Studio Tarian {W1}'],
  '7941': ['{W1} Futsal Centre', '{W1} Sports Club', '{W1} Badminton Hall'],
  '7997': ['{W1} Golf & Country Club', 'Kelab Rekreasi {W1}', '{W1} Fitness'],
  '7999': ['{W1} Bowling Centre', '{W1} Theme Park', '{W1} Escape Room'],
  '8011': ['Klinik {W1}', 'Klinik Dr. {family}', 'Poliklinik {W1}'],
  '8021': ['Klinik Pergigian {W1}', '{W1} Dental Clinic'],
  '8043': ['{C2} Optical', '{W1} Optometry'],
  '8062': ['Hospital Pakar {W1}', '{W1} Specialist Hospital', '{W1} Medical Centre'],
  '8071': ['{W1} Diagnostic Laboratory', 'Makmal {W1}'],
  '8099': ['{W1} Physiotherapy Centre', 'Pusat Rawatan {W1}', '{W1} Wellness Centre'],
  '8211': ['Tadika {W1}', '{W1} International School', 'Sekolah Rendah Swasta {W1}'],
  '8220': ['Kolej {W2}', '{W1} International College', '{W1} University College'],
  '8299': ['Pusat Tuisyen {W1}', '{W1} Learning Centre', 'Sekolah Memandu {W1}', 'Akademi {W1}'],
  '8999': ['{family} & Associates', '{W2} Consultancy', '{W1} Professional Services'],
};

const MASTER_TEMPLATES = ['{W2} Holdings', '{W2} Capital', '{C2} Group', '{W1} Payment Group', '{W2} Ventures', '{W1} Digital Group'] as const;
const AGENCY_TEMPLATES = ['{W2} Network', '{W2} Ventures', '{town} Payment Agency', '{C2} Marketing', '{W2} Solutions', '{W1} Digital Agency', '{W2} Resources'] as const;
const AGENT_TEMPLATES = ['Agensi {W2}', '{W2} Marketing', '{C2} Resources', '{W2} Solutions', 'Syarikat {W2}', '{I1} Agency', '{family} Merchant Services'] as const;

/** Legal suffix of a company name and the SSM entity-type code of its registration number. */
export interface Suffix {
  text: string;
  /** Entity type in the new 12-digit SSM number: 01 company, 03 business, 04 limited liability partnership. */
  entity: '01' | '03' | '04';
}

const SUFFIXES = new WeightedTable<Suffix>([
  [{ text: 'Sdn Bhd', entity: '01' }, 50],
  [{ text: 'Enterprise', entity: '03' }, 25],
  [{ text: 'Trading', entity: '03' }, 7],
  [{ text: 'PLT', entity: '04' }, 5],
  [{ text: 'Berhad', entity: '01' }, 1],
  [{ text: '', entity: '03' }, 12],
]);

/** Fills a name template. */
function fill(rng: Rng, template: string, town: string): string {
  return template.replace(/\{(W2|W1|C2|I1|nick|mnick|town|family)\}/g, (_, token: string) => {
    switch (token) {
      case 'W2': {
        const a = rng.pick(MALAY_WORDS);
        let b = rng.pick(MALAY_WORDS);
        if (b === a) b = MALAY_WORDS[(MALAY_WORDS.indexOf(a) + 1) % MALAY_WORDS.length]!;
        return `${a} ${b}`;
      }
      case 'W1':
        return rng.pick(MALAY_WORDS);
      case 'C2': {
        const a = rng.pick(CHINESE_WORDS);
        let b = rng.pick(CHINESE_WORDS);
        if (b === a) b = CHINESE_WORDS[(CHINESE_WORDS.indexOf(a) + 1) % CHINESE_WORDS.length]!;
        return `${a} ${b}`;
      }
      case 'I1':
        return rng.pick(INDIAN_WORDS);
      case 'nick':
        return rng.pick(CHINESE_NICK);
      case 'mnick':
        return rng.pick(MALAY_NICK);
      case 'town':
        return town;
      default:
        return rng.pick([...CHINESE_SURNAME, ...INDIAN_FATHER.slice(0, 5), ...MALAY_FATHER.slice(0, 5)]);
    }
  });
}

/** Keeps company names unique within one dataset. */
export class NameBook {
  private readonly used = new Set<string>();

  /** Returns `make()` when unused (case-insensitive), else retries, finally appends a number. */
  unique(make: () => string): string {
    for (let i = 0; i < 8; i++) {
      const name = make();
      if (!this.used.has(name.toLowerCase())) {
        this.used.add(name.toLowerCase());
        return name;
      }
    }
    const base = make();
    for (let n = 2; ; n++) {
      const name = `${base} ${n}`;
      if (!this.used.has(name.toLowerCase())) {
        this.used.add(name.toLowerCase());
        return name;
      }
    }
  }
}

export interface CompanyName {
  /** Trading name without the legal suffix, e.g. "Restoran Nasi Kandar Pelita". */
  base: string;
  /** Registered name, e.g. "Restoran Nasi Kandar Pelita Sdn Bhd". */
  full: string;
  entity: Suffix['entity'];
}

/** A merchant's company name for its business category (MCC) and trade kind. */
export function merchantName(rng: Rng, book: NameBook, category: { mcc: string; kind: TradeKind }, town: string): CompanyName {
  const { kind } = category;
  const suffix: Suffix = kind === 'charity' || kind === 'government' ? { text: '', entity: '01' } : rng.weighted(SUFFIXES);
  const templates = TEMPLATES_BY_MCC[category.mcc] ?? TEMPLATES[kind];
  const base = book.unique(() => fill(rng, rng.pick(templates), town));
  return { base, full: suffix.text ? `${base} ${suffix.text}` : base, entity: suffix.entity };
}

const AGENT_SUFFIXES = new WeightedTable<Suffix>([
  [{ text: 'Enterprise', entity: '03' }, 5],
  [{ text: 'Sdn Bhd', entity: '01' }, 4],
  [{ text: 'PLT', entity: '04' }, 1],
]);

/** Name of a master merchant, agency or agent company. */
export function partnerName(rng: Rng, book: NameBook, level: 'MASTER_MERCHANT' | 'AGENCY' | 'AGENT', town: string): CompanyName {
  const templates = level === 'MASTER_MERCHANT' ? MASTER_TEMPLATES : level === 'AGENCY' ? AGENCY_TEMPLATES : AGENT_TEMPLATES;
  let suffix: Suffix;
  if (level === 'MASTER_MERCHANT') suffix = rng.chance(0.5) ? { text: 'Berhad', entity: '01' } : { text: 'Sdn Bhd', entity: '01' };
  else if (level === 'AGENCY') suffix = { text: 'Sdn Bhd', entity: '01' };
  else suffix = rng.weighted(AGENT_SUFFIXES);
  const base = book.unique(() => fill(rng, rng.pick(templates), town));
  return { base, full: `${base} ${suffix.text}`, entity: suffix.entity };
}

export interface Address {
  address1: string;
  address2: string;
  city: string;
  state: string;
  postcode: string;
  stateInfo: State;
}

const STATE_TABLE = new WeightedTable(STATES.map((s) => [s, s.weight] as const));

/** A state weighted by commercial activity. */
export function pickState(rng: Rng): State {
  return rng.weighted(STATE_TABLE);
}

/** A city of a state; the first (largest) city is three times as likely as each other. */
export function pickCity(rng: Rng, state: State): City {
  const first = state.cities[0]!;
  return rng.chance(3 / (state.cities.length + 2)) ? first : rng.pick(state.cities);
}

/** A street address in the given (or a random) state. */
export function address(rng: Rng, state: State = pickState(rng), city: City = pickCity(rng, state)): Address {
  const n = rng.int(1, 180);
  const unit = rng.pick([`No. ${n}`, `${n}`, `Lot ${n}`, `${n}-${rng.int(1, 3)}`, `${n}A`]);
  const street = rng.chance(0.7) ? rng.pick(STREETS) : `Jalan ${rng.pick(MALAY_WORDS)} ${rng.int(1, 25)}/${rng.int(1, 12)}`;
  return {
    address1: `${unit}, ${street}`,
    address2: rng.pick(AREAS),
    city: city.name,
    state: state.name,
    postcode: rng.pick(city.postcodes),
    stateInfo: state,
  };
}

const MOBILE_PREFIXES = new WeightedTable([['12', 10], ['13', 6], ['14', 4], ['16', 6], ['17', 6], ['18', 3], ['19', 6], ['10', 3], ['11', 8]] as const);

/** A Malaysian mobile number in E.164 (+60 1x ...): 011 numbers have 8 subscriber digits, the others 7. */
export function mobilePhone(rng: Rng): string {
  const prefix = rng.weighted(MOBILE_PREFIXES);
  return `+60${prefix}${rng.int(1, 9)}${rng.digits(prefix === '11' ? 7 : 6)}`;
}

/** A landline of the state in E.164 (+603 and 8 digits in the Klang Valley, +60 4-9 and 7 digits, +60 8x and 6 digits in Borneo). */
export function landlinePhone(rng: Rng, state: State): string {
  const area = rng.pick(state.landline);
  return `+60${area.code}${rng.int(2, 9)}${rng.digits(area.digits - 1)}`;
}

const MAIL_TABLE = new WeightedTable(MAIL_DOMAINS.map(([d, w]) => [d, w] as const));

/** A personal e-mail address such as "nurulaisyah88@gmail.com". */
export function personalEmail(rng: Rng, person: Person): string {
  const handle = rng.chance(0.5) ? `${person.handle}${rng.int(10, 99)}` : person.handle.replace('.', rng.pick(['.', '_', '']));
  return `${handle}@${rng.weighted(MAIL_TABLE)}`;
}

/** The domain-ish slug of a company name, e.g. "Restoran Nasi Kandar Pelita" → "nasikandarpelita". */
export function companySlug(base: string): string {
  const words = base
    .toLowerCase()
    .replace(/&/g, ' ')
    .split(/[^a-z0-9]+/)
    .filter((w) => w && !['restoran', 'kedai', 'syarikat', 'the', 'dr'].includes(w));
  return (words.join('') || 'company').slice(0, 24);
}
