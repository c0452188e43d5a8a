import { TPA_CONFIG_PROVIDERS, tpaConfigResourceName } from '@paydesk/domain';
import type { ResourceSamples } from '../resource-samples.ts';

/**
 * Samples of the group C resources their field kinds cannot give (derived-samples.ts: /master-devices,
 * the mobile screens and the receipt screens need none). Terminals belong to master merchant 1's
 * merchant HQs and branches (56, 59 and branch 456: see group-b.ts for the demo ids), written by the
 * platform only; the devices they name are made first (prepare), so a terminal's serial is in the
 * inventory. An advertisement's target needs its model. A payment link's amount follows its type.
 */
const SERIALS = Array.from({ length: 8 }, (_, i) => `SMP-DEV-${i}`);

export const SAMPLES_C: Record<string, ResourceSamples> = {
  // Only the platform deploys terminals (terminal:create is platform-only).
  Terminal: {
    ownerEmail: 'admin@paydesk.my',
    prepare: async (query) =>
      void (await query(`INSERT INTO master_devices (serial_no, model, status) SELECT s, 'PAX A920', 'DEPLOYED' FROM unnest($1::text[]) s ON CONFLICT DO NOTHING`, [SERIALS])),
    create: (i) => ({ OrgId: [56, 56, 59, 456, 59][i % 5], Tid: `SMPT${String(1000 + i).slice(-4)}`, SerialNo: SERIALS[i % SERIALS.length], Model: 'PAX A920', AcquirerId: 1, Mid: `00000${100 + i}` }),
    update: { Mid: '000009999' },
    bad: { input: { OrgId: 56, Tid: 'short', Model: 'PAX A920', AcquirerId: 1, Mid: '1' }, field: 'Tid' },
  },
  // Master merchant 1's user makes links for its HQs and a branch (the engine writes their ancestors).
  PaymentLink: {
    create: (i) => ({
      OrgId: [56, 59, 456][i % 3], Reference: `SMP-LINK-${i}`, AmountType: 'FIXED', Amount: `${10 + i}.50`, Currency: 'MYR',
      Description: `Sample invoice ${i}`, ExpiresAt: '2099-12-31T16:00:00.000Z', CustomerEmail: `buyer${i}@example.my`,
    }),
    update: { Description: 'A changed description' },
    bad: { input: { OrgId: 56, Reference: 'SMP-BAD', AmountType: 'OPEN', Amount: '5.00', Currency: 'MYR', Description: 'x', ExpiresAt: '2099-12-31T16:00:00.000Z' }, field: 'Amount' },
  },
  TerminalAdvertisement: {
    create: (i) => ({ Title: `Sample idle screen ${i}`, Target: 'MODEL', Model: 'PAX A920', ImageUrl: `https://cdn.example.my/ads/${i}.png`, DisplaySeconds: 10, StartDate: '2030-01-01', EndDate: '2030-01-31' }),
    update: { DisplaySeconds: 15 },
    bad: { input: { Title: 'No model', Target: 'MODEL', ImageUrl: 'https://cdn.example.my/x.png', DisplaySeconds: 10, StartDate: '2030-01-01', EndDate: '2030-01-31' }, field: 'Model' },
  },
  // No Create (a bulk screen): the suite works on two mappings made first; only the platform holds tpaconfig.
  TpaTerminalConfig: {
    ownerEmail: 'admin@paydesk.my',
    prepare: async (query) =>
      void (await query(
        `INSERT INTO tpa_provider_configs (provider, org_id, provider_mid, service_mode) SELECT 'm1', o, 'SEEDMID' || o, 'ONLINE' FROM unnest(ARRAY[56, 59]) o
           WHERE NOT EXISTS (SELECT 1 FROM tpa_provider_configs WHERE provider_mid LIKE 'SEEDMID%')`,
      )),
    existing: { Provider: 'm1' },
    create: (i) => ({ OrgId: 56, Provider: 'm1', ProviderMid: `BULKMID${i}`, ServiceMode: 'ONLINE' }),
    update: { ServiceMode: 'OFFLINE' },
    bad: { input: { OrgId: 56, Provider: 'nobody', ProviderMid: 'X', ServiceMode: 'ONLINE' }, field: 'Provider' },
  },
  // The 23 provider pages, one template: each its own rows (fixed provider).
  ...Object.fromEntries(
    TPA_CONFIG_PROVIDERS.map((p): [string, ResourceSamples] => [
      tpaConfigResourceName(p),
      {
        ownerEmail: 'admin@paydesk.my',
        create: (i) => ({ OrgId: [56, 56, 59, 456, 59][i % 5], ProviderMid: `${p.toUpperCase()}-MID-${i}`, ServiceMode: 'ONLINE', QrMode: 'STATIC', Products: ['EC-VISA-CR'], ApiKey: `key_${p}_${i}_abcdef` }),
        update: { ServiceMode: 'OFFLINE', SecretKey: 'rotated-secret-1234' },
        bad: { input: { OrgId: 56, ProviderMid: 'X', ServiceMode: 'SOMETIMES' }, field: 'ServiceMode' },
      },
    ]),
  ),
};
