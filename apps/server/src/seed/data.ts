/**
 * Word lists and lookup tables for the demo dataset: Malaysian states with cities and postcodes,
 * the business categories (ISO 18245 merchant category codes), name parts of Malay, Chinese,
 * Indian and East Malaysian names, trade words for company names, streets, banks and IP ranges.
 * Written by hand for this project (spot-checked against public lists, never copied from them).
 */

import { BUSINESS_CATEGORIES as DOMAIN_CATEGORIES } from '@paydesk/domain';

/** A city with a few of its real postcodes (5 digits). */
export interface City {
  name: string;
  postcodes: readonly string[];
}

/** A state or federal territory, its landline area codes and how busy it is commercially. */
export interface State {
  name: string;
  /** Landline trunk codes without the leading 0, with the subscriber-number length. */
  landline: readonly { code: string; digits: number }[];
  weight: number;
  cities: readonly City[];
}

const c = (name: string, ...postcodes: string[]): City => ({ name, postcodes });

/** The 16 states and federal territories (§3 state picker), with a handful of their cities each. */
export const STATES: readonly State[] = [
  {
    name: 'Johor', weight: 12, landline: [{ code: '7', digits: 7 }],
    cities: [
      c('Johor Bahru', '80000', '80100', '80200', '80300', '80350'), c('Batu Pahat', '83000'), c('Muar', '84000'),
      c('Kluang', '86000'), c('Kulai', '81000'), c('Pasir Gudang', '81700'), c('Segamat', '85000'), c('Pontian', '82000'),
    ],
  },
  {
    name: 'Kedah', weight: 5, landline: [{ code: '4', digits: 7 }],
    cities: [
      c('Alor Setar', '05000', '05100', '05150', '05200'), c('Sungai Petani', '08000'), c('Kulim', '09000'), c('Langkawi', '07000'),
      c('Jitra', '06000'), c('Pendang', '06700'),
    ],
  },
  {
    name: 'Kelantan', weight: 4, landline: [{ code: '9', digits: 7 }],
    cities: [c('Kota Bharu', '15000', '15100', '15200'), c('Pasir Mas', '17000'), c('Tanah Merah', '17500'), c('Machang', '18500'), c('Kuala Krai', '18000')],
  },
  {
    name: 'Melaka', weight: 3.5, landline: [{ code: '6', digits: 7 }],
    cities: [c('Melaka', '75000', '75100', '75200', '75300'), c('Alor Gajah', '78000'), c('Jasin', '77000'), c('Ayer Keroh', '75450')],
  },
  {
    name: 'Negeri Sembilan', weight: 4, landline: [{ code: '6', digits: 7 }],
    cities: [c('Seremban', '70000', '70100', '70200', '70300'), c('Nilai', '71800'), c('Port Dickson', '71000'), c('Rembau', '71300'), c('Kuala Pilah', '72000')],
  },
  {
    name: 'Pahang', weight: 4, landline: [{ code: '9', digits: 7 }],
    cities: [
      c('Kuantan', '25000', '25100', '25200', '25300'), c('Temerloh', '28000'), c('Bentong', '28700'), c('Raub', '27600'),
      c('Genting Highlands', '69000'), c('Tanah Rata', '39000'), c('Pekan', '26600'),
    ],
  },
  {
    name: 'Perak', weight: 7, landline: [{ code: '5', digits: 7 }],
    cities: [
      c('Ipoh', '30000', '30100', '30200', '30250', '31400'), c('Taiping', '34000'), c('Teluk Intan', '36000'), c('Sitiawan', '32000'),
      c('Lumut', '32200'), c('Kampar', '31900'), c('Kuala Kangsar', '33000'), c('Batu Gajah', '31000'),
    ],
  },
  {
    name: 'Perlis', weight: 0.8, landline: [{ code: '4', digits: 7 }],
    cities: [c('Kangar', '01000'), c('Arau', '02600'), c('Padang Besar', '02100')],
  },
  {
    name: 'Pulau Pinang', weight: 7, landline: [{ code: '4', digits: 7 }],
    cities: [
      c('Pulau Pinang', '10000', '10050', '10100', '10200', '10300', '10400', '10450'), c('Bayan Lepas', '11900'),
      c('Butterworth', '12000', '12100', '13400'), c('Bukit Mertajam', '14000'), c('Nibong Tebal', '14300'), c('Ayer Itam', '11500'),
      c('Tanjong Bungah', '11200'), c('Balik Pulau', '11000'),
    ],
  },
  {
    name: 'Sabah', weight: 6, landline: [{ code: '88', digits: 6 }, { code: '89', digits: 6 }, { code: '87', digits: 6 }],
    cities: [
      c('Kota Kinabalu', '88000', '88100', '88200', '88300'), c('Sandakan', '90000'), c('Tawau', '91000'), c('Lahad Datu', '91100'),
      c('Keningau', '89000'), c('Penampang', '89500'), c('Semporna', '91300'),
    ],
  },
  {
    name: 'Sarawak', weight: 6, landline: [{ code: '82', digits: 6 }, { code: '85', digits: 6 }, { code: '84', digits: 6 }, { code: '86', digits: 6 }],
    cities: [
      c('Kuching', '93000', '93050', '93100', '93200', '93350'), c('Miri', '98000'), c('Sibu', '96000'), c('Bintulu', '97000'),
      c('Sri Aman', '95000'), c('Kota Samarahan', '94300'), c('Limbang', '98700'), c('Mukah', '96400'),
    ],
  },
  {
    name: 'Selangor', weight: 22, landline: [{ code: '3', digits: 8 }],
    cities: [
      c('Shah Alam', '40000', '40100', '40150', '40400'), c('Petaling Jaya', '46000', '46100', '46200', '46300', '47400'),
      c('Subang Jaya', '47500', '47600', '47610'), c('Klang', '41000', '41050', '41100', '41200'), c('Kajang', '43000'),
      c('Puchong', '47100'), c('Ampang', '68000'), c('Seri Kembangan', '43300'), c('Rawang', '48000'), c('Cyberjaya', '63000'),
      c('Bandar Baru Bangi', '43650'), c('Sepang', '43900'), c('Batu Caves', '68100'),
    ],
  },
  {
    name: 'Terengganu', weight: 3, landline: [{ code: '9', digits: 7 }],
    cities: [c('Kuala Terengganu', '20000', '20100', '20200', '20300'), c('Cukai', '24000'), c('Dungun', '23000'), c('Marang', '21600'), c('Jerteh', '22000')],
  },
  {
    name: 'W.P. Kuala Lumpur', weight: 14, landline: [{ code: '3', digits: 8 }],
    cities: [
      c('Kuala Lumpur', '50000', '50050', '50100', '50200', '50250', '50300', '50400', '50450', '50480', '51000', '52100', '53000',
        '55100', '55200', '56000', '57000', '58000', '59000', '59100', '59200', '60000'),
    ],
  },
  {
    name: 'W.P. Labuan', weight: 0.5, landline: [{ code: '87', digits: 6 }],
    cities: [c('Labuan', '87000', '87010', '87020')],
  },
  {
    name: 'W.P. Putrajaya', weight: 1, landline: [{ code: '3', digits: 8 }],
    cities: [c('Putrajaya', '62000', '62100', '62200', '62250', '62300')],
  },
];

/** Kinds of trade; each decides name templates and typical ticket size. */
export type TradeKind =
  | 'grocery' | 'restaurant' | 'fastfood' | 'cafe' | 'bakery' | 'hotel' | 'transport' | 'travel' | 'clothing' | 'electronics'
  | 'pharmacy' | 'medical' | 'education' | 'utility' | 'hardware' | 'beauty' | 'auto' | 'jewellery' | 'books' | 'gifts' | 'furniture'
  | 'recreation' | 'services' | 'digital' | 'general' | 'charity' | 'government';

/**
 * A demo business category: an MCC of the domain's BUSINESS_CATEGORIES (the list the Nature of
 * business screen is seeded from, so every demo organization's category exists there), its
 * description from that list, and demo-only traits: trade kind, typical ticket in RM, share.
 */
export interface BusinessCategory {
  mcc: string;
  description: string;
  kind: TradeKind;
  ticket: number;
  /** Relative share of merchants in this category. */
  weight: number;
}

const DOMAIN_NAMES = new Map(DOMAIN_CATEGORIES.map((c) => [c.mcc, c.name]));

const m = (mcc: string, kind: TradeKind, ticket: number, weight = 1): BusinessCategory => {
  const description = DOMAIN_NAMES.get(mcc);
  if (!description) throw new Error(`demo category ${mcc} is not in the domain's BUSINESS_CATEGORIES`);
  return { mcc, description, kind, ticket, weight };
};

/** Demo traits for each of the domain's business categories (§3, ISO 18245). */
export const BUSINESS_CATEGORIES: readonly BusinessCategory[] = [
  m('5411', 'grocery', 45, 9),
  m('5462', 'bakery', 22, 3),
  m('5499', 'grocery', 15, 4),
  m('5812', 'restaurant', 45, 10),
  m('5813', 'cafe', 60, 0.7),
  m('5814', 'fastfood', 18, 6),
  m('5921', 'grocery', 45, 0.5),
  m('5251', 'hardware', 70, 2),
  m('5311', 'general', 150, 1.5),
  m('5399', 'general', 45, 1.5),
  m('5611', 'clothing', 150),
  m('5621', 'clothing', 160, 1.5),
  m('5651', 'clothing', 130, 1.5),
  m('5661', 'clothing', 180),
  m('5699', 'clothing', 120),
  m('5712', 'furniture', 900),
  m('5722', 'electronics', 700),
  m('5732', 'electronics', 600, 2),
  m('5734', 'digital', 150, 0.5),
  m('5912', 'pharmacy', 55, 3),
  m('5941', 'recreation', 180, 0.8),
  m('5942', 'books', 55, 0.8),
  m('5943', 'books', 30, 0.8),
  m('5944', 'jewellery', 1500),
  m('5945', 'gifts', 80, 0.8),
  m('5947', 'gifts', 45, 0.8),
  m('5977', 'beauty', 90, 1.5),
  m('5992', 'gifts', 120, 0.6),
  m('5995', 'gifts', 70, 0.6),
  m('5999', 'general', 60, 4),
  m('5969', 'services', 90, 0.2),
  m('5511', 'auto', 2500, 0.3),
  m('5533', 'auto', 180, 1.5),
  m('5541', 'auto', 70, 2),
  m('5542', 'auto', 60, 0.5),
  m('5571', 'auto', 900, 0.4),
  m('7523', 'auto', 8, 0.8),
  m('7538', 'auto', 250, 1.5),
  m('7542', 'auto', 25, 0.6),
  m('4111', 'transport', 8),
  m('4121', 'transport', 25, 2),
  m('4215', 'transport', 18, 2),
  m('4511', 'travel', 450, 0.5),
  m('4722', 'travel', 1200, 1.5),
  m('7011', 'hotel', 380, 2.5),
  m('7512', 'auto', 350, 0.6),
  m('4812', 'electronics', 450, 2),
  m('4814', 'utility', 80, 1.5),
  m('4816', 'digital', 60, 0.8),
  m('4900', 'utility', 120, 0.8),
  m('5815', 'digital', 20, 0.6),
  m('5816', 'digital', 35, 0.3),
  m('5817', 'digital', 45, 0.6),
  m('7210', 'services', 25),
  m('7230', 'beauty', 40, 2),
  m('7298', 'beauty', 180),
  m('7299', 'services', 80, 0.8),
  m('7372', 'digital', 800, 0.8),
  m('7399', 'services', 300),
  m('7832', 'recreation', 40, 0.5),
  m('7991', 'recreation', 60, 0.5),
  m('7999', 'recreation', 70, 0.8),
  m('8111', 'services', 800, 0.4),
  m('8931', 'services', 600, 0.3),
  m('8999', 'services', 600),
  m('0742', 'medical', 150, 0.4),
  m('8011', 'medical', 80, 2),
  m('8021', 'medical', 200),
  m('8043', 'medical', 350, 0.8),
  m('8062', 'medical', 900, 0.6),
  m('8099', 'medical', 120, 0.8),
  m('8211', 'education', 600, 0.5),
  m('8220', 'education', 2500, 0.6),
  m('8299', 'education', 250, 1.2),
  m('8351', 'education', 450, 0.6),
  m('6300', 'services', 300, 0.3),
  m('8398', 'charity', 50, 0.4),
  m('8661', 'charity', 80, 0.2),
  m('9399', 'government', 60, 0.3),
  m('1520', 'hardware', 3000, 0.2),
];

// ---- People ----

export const MALAY_MALE = [
  'Ahmad', 'Muhammad Hafiz', 'Mohd Azman', 'Faizal', 'Rizal', 'Muhammad Syafiq', 'Amirul', 'Hakim', 'Iskandar', 'Zulkifli', 'Khairul Anuar',
  'Shahrul', 'Firdaus', 'Aiman', 'Danial', 'Haziq', 'Izzat', 'Najib', 'Rosli', 'Kamarul', 'Ismail', 'Azlan', 'Farid', 'Hisham',
] as const;
export const MALAY_FEMALE = [
  'Nurul Aisyah', 'Siti Nurhaliza', 'Nur Izzati', 'Farah', 'Aina', 'Nadia', 'Syazwani', 'Fatimah', 'Zarina', 'Rohani', 'Noraini',
  'Nur Hidayah', 'Amirah', 'Sofea', 'Balqis', 'Liyana', 'Nabilah', 'Hanis', 'Khadijah', 'Siti Aminah', 'Zuraida', 'Marlina',
] as const;
export const MALAY_FATHER = [
  'Hassan', 'Abdullah', 'Ismail', 'Ibrahim', 'Yusof', 'Omar', 'Abdul Rahman', 'Ahmad', 'Razak', 'Aziz', 'Hamid', 'Salleh', 'Osman',
  'Zakaria', 'Mahmud', 'Kassim', 'Jamaluddin', 'Ramli', 'Sulaiman', 'Mustafa', 'Harun', 'Idris',
] as const;
export const CHINESE_SURNAME = [
  'Tan', 'Lim', 'Lee', 'Ng', 'Wong', 'Chan', 'Ong', 'Teh', 'Goh', 'Chong', 'Yap', 'Chua', 'Low', 'Khoo', 'Cheah', 'Ooi', 'Lau', 'Foo',
  'Leong', 'Chin', 'Loh', 'Tay', 'Koh', 'Yeoh', 'Liew',
] as const;
export const CHINESE_GIVEN = [
  'Wei Ming', 'Mei Ling', 'Kah Wai', 'Siew Lan', 'Chee Keong', 'Boon Hock', 'Jia Hui', 'Zhi Hao', 'Hui Min', 'Kok Leong', 'Wai Kit',
  'Pei Shan', 'Yong Sheng', 'Soo Ching', 'Chun Kit', 'Xin Yi', 'Jun Wei', 'Li Ying', 'Kian Hoe', 'Siew Mei', 'Chee Wah', 'Ying Ying',
] as const;
/** Shop-sign nicknames ("Kedai Runcit Ah Seng"). */
export const CHINESE_NICK = ['Ah Seng', 'Ah Kow', 'Ah Hock', 'Ah Meng', 'Ah Lian', 'Ah Chai', 'Ah Fatt', 'Ah Keong', 'Ah Soon', 'Ah Huat'] as const;
export const INDIAN_MALE = [
  'Rajesh', 'Suresh', 'Kumar', 'Arun', 'Ganesh', 'Vijay', 'Ravi', 'Prakash', 'Kumaresan', 'Muthu', 'Sanjay', 'Sivakumar', 'Kavin',
  'Devan', 'Thinesh', 'Saravanan',
] as const;
export const INDIAN_FEMALE = [
  'Priya', 'Kavitha', 'Lakshmi', 'Devi', 'Anitha', 'Shalini', 'Meena', 'Revathi', 'Sangeetha', 'Thivya', 'Nisha', 'Deepa', 'Vanitha',
] as const;
export const INDIAN_FATHER = [
  'Subramaniam', 'Muniandy', 'Krishnan', 'Raman', 'Velu', 'Govindasamy', 'Nair', 'Sinnathamby', 'Rajoo', 'Arumugam', 'Chandran',
  'Maniam', 'Perumal', 'Ramasamy', 'Karuppiah',
] as const;
/** East Malaysian (Iban, Kadazan-Dusun, Bidayuh) given names and fathers' names ("Jason anak Jugah"). */
export const EAST_GIVEN = ['Jason', 'Mary', 'Stephen', 'Grace', 'Daniel', 'Agnes', 'Joseph', 'Christina', 'Melvin', 'Juliana'] as const;
export const EAST_FATHER = ['Jugah', 'Ngelai', 'Sandom', 'Bujang', 'Unting', 'Gimbang', 'Majimbun', 'Sumping', 'Linggi', 'Entalai'] as const;

// ---- Company name parts ----

/** Malay words common in company names ("Maju Jaya", "Cahaya Timur"). */
export const MALAY_WORDS = [
  'Maju', 'Jaya', 'Bestari', 'Gemilang', 'Cemerlang', 'Sejahtera', 'Mesra', 'Harmoni', 'Murni', 'Indah', 'Setia', 'Bahagia', 'Permai',
  'Sentosa', 'Mutiara', 'Kencana', 'Delima', 'Cahaya', 'Suria', 'Wawasan', 'Bintang', 'Teguh', 'Makmur', 'Berjaya', 'Baru', 'Timur',
  'Utara', 'Perdana', 'Utama', 'Damai', 'Warisan', 'Pelita', 'Mawar', 'Kenanga', 'Melati', 'Tanjung', 'Sinar', 'Nusa', 'Saujana', 'Impian',
] as const;
/** Hokkien/Cantonese auspicious syllables ("Hup Seng", "Soon Huat"). */
export const CHINESE_WORDS = [
  'Heng', 'Hup', 'Seng', 'Fatt', 'Hong', 'Kee', 'Soon', 'Huat', 'Guan', 'Chuan', 'Sin', 'Wah', 'Loong', 'Thye', 'Fook', 'Kim', 'Ban',
  'Lee', 'Hin', 'Onn', 'Yik', 'Tong',
] as const;
/** Tamil trade names ("Sri Murugan", "Annapoorna"). */
export const INDIAN_WORDS = [
  'Sri Murugan', 'Sri Ganesh', 'Lakshmi', 'Selvam', 'Anand', 'Kamala', 'Raja', 'Saravana', 'Annapoorna', 'Meenachi', 'Sri Kumaran', 'Thevar',
] as const;

/** Street names for addresses. */
export const STREETS = [
  'Jalan Merdeka', 'Jalan Tun Razak', 'Jalan Sultan Ismail', 'Jalan Besar', 'Jalan Kenanga', 'Jalan Mawar', 'Jalan Melati', 'Jalan Cempaka',
  'Jalan Bunga Raya', 'Jalan Dato Onn', 'Jalan Ampang', 'Jalan Ipoh', 'Jalan Pasar', 'Jalan Masjid', 'Jalan Stesen', 'Jalan Kampung Baru',
  'Jalan Hang Tuah', 'Jalan Hang Jebat', 'Jalan Tun Perak', 'Jalan Seri Putra', 'Jalan Perdana', 'Jalan Bukit Bintang', 'Jalan Wawasan',
  'Jalan Industri', 'Jalan Perniagaan', 'Jalan Tanjung', 'Jalan Kuala Kangsar', 'Jalan Sentosa', 'Jalan Pahlawan', 'Jalan Raja Muda',
] as const;
/** Housing estates and commercial centres for a second address line. */
export const AREAS = [
  'Taman Sri Muda', 'Taman Desa', 'Taman Bukit Indah', 'Taman Melawati', 'Taman Sentosa', 'Taman Universiti', 'Taman Perindustrian',
  'Pusat Perniagaan Maju', 'Bandar Baru', 'Seksyen 7', 'Taman Mutiara', 'Taman Seri Gombak', 'Taman Permai', 'Kampung Baru',
] as const;

// ---- Payments ----

/** FPX participating banks by bank code (PayNet identifiers), for online banking (OB / FPX) payments. */
export const FPX_BANKS_B2C = [
  ['MB2U0227', 20], ['BCBB0235', 14], ['PBB0233', 10], ['RHB0218', 7], ['HLB0224', 6], ['AMBB0209', 5], ['BIMB0340', 5], ['BSN0601', 3],
  ['BKRM0602', 3], ['ABB0233', 2], ['ABMB0212', 2], ['UOB0226', 2], ['OCBC0229', 2], ['HSBC0223', 2], ['SCB0216', 1], ['BMMB0341', 1],
  ['AGRO01', 1], ['KFH0346', 0.5], ['BOCM01', 0.5],
] as const;
export const FPX_BANKS_B2B = [['MBB0228', 10], ['BCBB0235', 8], ['PBB0233', 5], ['RHB0218', 3], ['HLB0224', 3], ['AMBB0208', 2]] as const;

/** Payment providers (gateways and terminal processors) by code, with relative weights. */
export const ONLINE_PROVIDERS = [['RM', 3], ['IPAY88', 3], ['RAZERPAY', 3], ['FINEXUS', 2], ['PAYDEE', 1]] as const;
export const TERMINAL_PROVIDERS = [['PAYDEE', 3], ['FINEXUS', 2], ['BSN', 1], ['RM', 1]] as const;

/** IPv4 /16 prefixes of Malaysian consumer ISPs (fixed broadband and mobile). */
export const MY_IP_PREFIXES = [
  '175.136', '175.137', '175.138', '175.139', '175.140', '175.141', '175.142', '175.143', '175.144', '175.145', '115.132', '115.133',
  '115.134', '115.135', '60.48', '60.49', '60.50', '60.51', '60.52', '60.53', '60.54', '113.210', '113.211', '110.159', '183.171', '42.153',
] as const;

/** Foreign cardholders of e-commerce orders: country, state/region, city, IP /16 prefix, issuer alpha-3, mobile dial prefix and digits after it. */
export const FOREIGN_CUSTOMERS = [
  { country: 'SINGAPORE', state: 'Central Region', city: 'Singapore', ip: '116.86', issuer: 'SGP', dial: '+658', digits: 7, weight: 5 },
  { country: 'INDONESIA', state: 'DKI Jakarta', city: 'Jakarta', ip: '36.68', issuer: 'IDN', dial: '+628', digits: 10, weight: 2 },
  { country: 'THAILAND', state: 'Bangkok', city: 'Bangkok', ip: '171.96', issuer: 'THA', dial: '+668', digits: 8, weight: 1.5 },
  { country: 'BRUNEI DARUSSALAM', state: 'Brunei-Muara', city: 'Bandar Seri Begawan', ip: '119.160', issuer: 'BRN', dial: '+6738', digits: 6, weight: 1.5 },
  { country: 'CHINA', state: 'Guangdong', city: 'Shenzhen', ip: '113.87', issuer: 'CHN', dial: '+8613', digits: 9, weight: 1.5 },
  { country: 'AUSTRALIA', state: 'Western Australia', city: 'Perth', ip: '121.44', issuer: 'AUS', dial: '+614', digits: 8, weight: 1 },
  { country: 'UNITED KINGDOM', state: 'England', city: 'London', ip: '81.2', issuer: 'GBR', dial: '+447', digits: 9, weight: 1 },
  { country: 'UNITED STATES', state: 'California', city: 'San Jose', ip: '73.158', issuer: 'USA', dial: '+1408', digits: 7, weight: 0.8 },
  { country: 'JAPAN', state: 'Tokyo', city: 'Tokyo', ip: '126.10', issuer: 'JPN', dial: '+8190', digits: 8, weight: 0.7 },
] as const;

/** Foreign issuer countries for cards used by Malaysian customers (CCINT and a few others). */
export const FOREIGN_ISSUERS = ['SGP', 'USA', 'GBR', 'AUS', 'CHN', 'HKG', 'JPN', 'IDN', 'THA'] as const;

/** Free-mail domains for customers. */
export const MAIL_DOMAINS = [['gmail.com', 10], ['yahoo.com', 3], ['hotmail.com', 2], ['outlook.com', 1], ['icloud.com', 1]] as const;

/** Decline responses (ISO 8583 response codes) with relative weights, by channel. */
export const CARD_DECLINES = [
  ['51', 'Insufficient funds', 30], ['05', 'Do not honour', 25], ['54', 'Expired card', 8], ['14', 'Invalid card number', 6],
  ['91', 'Issuer or switch inoperative', 6], ['61', 'Exceeds withdrawal amount limit', 7], ['57', 'Transaction not permitted to cardholder', 6],
  ['N7', 'Decline for CVV2 failure', 5], ['59', 'Suspected fraud', 3], ['65', 'Exceeds withdrawal frequency limit', 4],
] as const;
export const TERMINAL_CARD_DECLINES = [
  ['51', 'Insufficient funds', 30], ['05', 'Do not honour', 25], ['55', 'Incorrect PIN', 15], ['54', 'Expired card', 8],
  ['91', 'Issuer or switch inoperative', 6], ['61', 'Exceeds withdrawal amount limit', 6], ['75', 'Allowable number of PIN tries exceeded', 3],
] as const;
export const OTHER_DECLINES = [
  ['17', 'Customer cancellation', 35], ['51', 'Insufficient funds', 20], ['68', 'Response received too late', 15],
  ['91', 'Issuer or switch inoperative', 10], ['05', 'Do not honour', 10], ['96', 'System malfunction', 5],
] as const;

/** Recurring-plan prices in RM (subscriptions, memberships, instalments). */
export const RECURRING_PLANS = [
  ['19.90', 3], ['29.90', 5], ['39.00', 3], ['49.00', 4], ['59.90', 3], ['79.00', 2], ['99.00', 3], ['150.00', 2], ['188.00', 1],
  ['250.00', 1], ['350.00', 0.6], ['500.00', 0.4],
] as const;

/** Order descriptions by trade kind, for online orders. */
export const ORDER_WORDS: Record<TradeKind, readonly string[]> = {
  grocery: ['Groceries order', 'Weekly groceries', 'Fresh produce delivery'],
  restaurant: ['Food order', 'Catering deposit', 'Table reservation deposit'],
  fastfood: ['Meal order', 'Family combo', 'Delivery order'],
  cafe: ['Coffee beans', 'Cafe voucher', 'Beverage order'],
  bakery: ['Birthday cake', 'Kuih raya order', 'Pastry box'],
  hotel: ['Room booking', 'Room deposit', 'Hotel stay'],
  transport: ['Ride fare', 'Parcel delivery', 'Bus ticket'],
  travel: ['Tour package', 'Umrah package deposit', 'Flight booking'],
  clothing: ['Baju kurung', 'Apparel order', 'Shoes order'],
  electronics: ['Smartphone', 'Laptop', 'Home appliance'],
  pharmacy: ['Health supplements', 'Pharmacy order', 'Medical supplies'],
  medical: ['Consultation fee', 'Treatment deposit', 'Health screening'],
  education: ['Tuition fee', 'Course registration', 'Semester fee'],
  utility: ['Bill payment', 'Prepaid reload', 'Broadband subscription'],
  hardware: ['Hardware order', 'Building materials', 'Tools'],
  beauty: ['Spa package', 'Salon booking', 'Skincare set'],
  auto: ['Car service', 'Spare parts', 'Car rental'],
  jewellery: ['Gold purchase', 'Jewellery order', 'Watch'],
  books: ['Books order', 'School supplies', 'Stationery'],
  gifts: ['Gift hamper', 'Flowers delivery', 'Toys order'],
  furniture: ['Furniture order', 'Mattress', 'Home decor'],
  recreation: ['Membership fee', 'Tickets', 'Court booking'],
  services: ['Service fee', 'Professional fee', 'Invoice payment'],
  digital: ['Software licence', 'Subscription', 'Cloud services'],
  general: ['Online order', 'Purchase', 'Order'],
  charity: ['Donation', 'Sponsorship', 'Contribution'],
  government: ['Assessment tax', 'Licence fee', 'Summons payment'],
};
