import { describe, expect, it } from 'vitest';
import {
  ACCOUNT_TYPES, BUSINESS_CATEGORIES, COMPANY_TYPES, FPX_TEST_BANKS, GENDERS, ID_TYPES, MALAYSIAN_BANKS, MALAYSIAN_STATES,
  MESSAGE_TEMPLATE_KEYS, PERSON_ROLES, TERMINAL_MODELS, TERMINAL_MODEL_NAMES, citiesOfState, findBusinessCategory, findMalaysianState,
  fpxBanks, malaysianStatesWithCities,
} from '../src/index.ts';

const unique = <T>(xs: readonly T[]) => new Set(xs).size === xs.length;

describe('Malaysian states and cities (§3, §9)', () => {
  it('has the 16 states and federal territories with ISO 3166-2:MY codes MY-01 to MY-16', () => {
    expect(MALAYSIAN_STATES).toHaveLength(16);
    expect(MALAYSIAN_STATES.map((s) => s.code)).toEqual(Array.from({ length: 16 }, (_, i) => `MY-${String(i + 1).padStart(2, '0')}`));
    expect(unique(MALAYSIAN_STATES.map((s) => s.name))).toBe(true);
    expect(MALAYSIAN_STATES.filter((s) => s.type === 'FEDERAL_TERRITORY').map((s) => s.code)).toEqual(['MY-14', 'MY-15', 'MY-16']);
    expect(findMalaysianState('MY-07')?.name).toBe('Pulau Pinang');
    expect(findMalaysianState('selangor')?.code).toBe('MY-10');
    expect(findMalaysianState('Wp Kuala Lumpur')?.code).toBe('MY-14');
    expect(findMalaysianState('Singapore')).toBeUndefined();
  });

  it('gives every state a sorted list of distinct cities', () => {
    for (const s of malaysianStatesWithCities()) {
      expect(s.cities.length, s.name).toBeGreaterThan(0);
      expect(unique(s.cities), s.name).toBe(true);
      expect([...s.cities].sort((a, b) => a.localeCompare(b, 'en')), s.name).toEqual(s.cities);
    }
    expect(citiesOfState('MY-14')).toContain('Kuala Lumpur');
    expect(citiesOfState('Wilayah Persekutuan Putrajaya')).toEqual(['Putrajaya']);
    expect(citiesOfState('Johor')).toContain('Johor Bahru');
    expect(citiesOfState('Sarawak')).toContain('Kuching');
    expect(citiesOfState('nowhere')).toEqual([]);
    expect(MALAYSIAN_STATES.reduce((n, s) => n + citiesOfState(s.code).length, 0)).toBeGreaterThan(400);
  });
});

describe('business categories (§3, ISO 18245)', () => {
  it('has about 80 categories with unique 4-digit MCCs outside the brand range 3000–3999', () => {
    expect(BUSINESS_CATEGORIES.length).toBeGreaterThanOrEqual(75);
    expect(BUSINESS_CATEGORIES.length).toBeLessThanOrEqual(85);
    expect(unique(BUSINESS_CATEGORIES.map((c) => c.mcc))).toBe(true);
    for (const c of BUSINESS_CATEGORIES) {
      expect(c.mcc).toMatch(/^\d{4}$/);
      expect(Number(c.mcc) >= 3000 && Number(c.mcc) <= 3999).toBe(false);
      expect(c.name.trim()).not.toBe('');
    }
    expect(findBusinessCategory('5411')?.name).toBe('Grocery Stores, Supermarkets');
    expect(findBusinessCategory('0742')?.name).toBe('Veterinary Services');
    expect(findBusinessCategory('5812')?.group).toBe('FOOD_AND_BEVERAGE');
    expect(findBusinessCategory('9999')).toBeUndefined();
  });
});

describe('company and person lists (§3)', () => {
  it('lists company types as {DisplayName, Value}', () => {
    expect(COMPANY_TYPES.map((t) => [t.DisplayName, t.Value])).toEqual([
      ['Sole Proprietorship', 'SOLE_PROPRIETORSHIP'],
      ['Private Limited Company (SDN BHD)', 'SDN_BHD'],
      ['Public Listed Company (BHD)', 'BHD'],
    ]);
  });

  it('lists ID types, account types, genders and roles', () => {
    expect([...ID_TYPES]).toEqual(['NRIC', 'PASSPORT_NO', 'COMPANY_REG_NO']);
    expect([...ACCOUNT_TYPES]).toEqual(['CORPORATE', 'INDIVIDUAL']);
    expect([...GENDERS]).toEqual(['MALE', 'FEMALE']);
    expect([...PERSON_ROLES]).toEqual(['DIRECTOR', 'MAJOR_SHAREHOLDER', 'DIRECTOR_SHAREHOLDER', 'AUTHORIZED_PERSON', 'OTHERS']);
  });
});

describe('Malaysian banks (§3)', () => {
  it('has about 42 banks with unique codes, SWIFT BICs and FPX channels', () => {
    expect(MALAYSIAN_BANKS.length).toBeGreaterThanOrEqual(38);
    expect(MALAYSIAN_BANKS.length).toBeLessThanOrEqual(46);
    expect(unique(MALAYSIAN_BANKS.map((b) => b.bankCode))).toBe(true);
    for (const b of MALAYSIAN_BANKS) {
      expect(b.bankName.trim(), b.bankCode).not.toBe('');
      if (b.swiftCode !== null) expect(b.swiftCode, b.bankCode).toMatch(/^[A-Z]{4}MY[A-Z0-9]{2}$/);
      expect(b.channels.every((c) => c === 'B2C' || c === 'B2B'), b.bankCode).toBe(true);
      expect(unique(b.channels)).toBe(true);
      // A bank outside FPX is keyed by its SWIFT code.
      if (b.channels.length === 0) expect(b.bankCode).toBe(b.swiftCode);
    }
  });

  it('carries the FPX bank IDs per channel', () => {
    const byCode = new Map(MALAYSIAN_BANKS.map((b) => [b.bankCode, b]));
    expect(byCode.get('MBB0228')).toEqual({ bankCode: 'MBB0228', bankName: 'Maybank2E', swiftCode: 'MBBEMYKL', channels: ['B2C', 'B2B'] });
    expect(byCode.get('MB2U0227')?.channels).toEqual(['B2C']);
    expect(byCode.get('BCBB0235')?.swiftCode).toBe('CIBBMYKL');
    expect(byCode.get('BSN0601')?.swiftCode).toBe('BSNAMYK1');
    expect(fpxBanks('B2C').map((b) => b.bankCode)).toContain('MB2U0227');
    expect(fpxBanks('B2B').map((b) => b.bankCode)).not.toContain('MB2U0227');
    expect(fpxBanks('B2B').length).toBe(21);
    expect(fpxBanks('B2C').length).toBe(21);
  });

  it('keeps the FPX test banks out of the production list', () => {
    const codes = new Set(MALAYSIAN_BANKS.map((b) => b.bankCode));
    expect(FPX_TEST_BANKS.map((b) => b.bankCode)).toEqual(['TEST0021', 'TEST0022', 'TEST0023']);
    expect(FPX_TEST_BANKS.some((b) => codes.has(b.bankCode))).toBe(false);
  });
});

describe('terminal models and message templates', () => {
  it('lists Malaysian POS terminal models with their manufacturer', () => {
    expect(TERMINAL_MODELS.length).toBeGreaterThanOrEqual(10);
    expect(unique(TERMINAL_MODEL_NAMES)).toBe(true);
    for (const m of TERMINAL_MODELS) expect(m.model.startsWith(`${m.manufacturer} `), m.model).toBe(true);
    expect(TERMINAL_MODEL_NAMES).toEqual(expect.arrayContaining(['PAX A920', 'PAX A920 Pro', 'PAX A80', 'Sunmi P2', 'Verifone V200c', 'Ingenico Move/5000', 'Castles Saturn1000']));
  });

  it('lists message template keys with {{Placeholder}} placeholders', () => {
    const keys = MESSAGE_TEMPLATE_KEYS.map((k) => k.key);
    expect(unique(keys)).toBe(true);
    expect(keys).toEqual(
      expect.arrayContaining([
        'WELCOME_USER', 'RESET_PASSWORD', 'MERCHANT_APPROVED', 'MERCHANT_REJECTED', 'REFUND_COMPLETED', 'REFUND_REJECTED', 'PAYOUT_COMPLETED',
        'RISK_ALERT', 'PAYMENT_LINK', 'RECURRING_REMINDER',
      ]),
    );
    for (const k of MESSAGE_TEMPLATE_KEYS) {
      expect(k.key).toMatch(/^[A-Z][A-Z_]+$/);
      expect(k.description.trim()).not.toBe('');
      expect(k.placeholders.length, k.key).toBeGreaterThan(0);
      expect(unique(k.placeholders), k.key).toBe(true);
      for (const p of k.placeholders) expect(p).toMatch(/^\{\{[A-Z][A-Za-z]+\}\}$/);
    }
  });
});
