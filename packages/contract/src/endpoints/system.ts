import { z } from 'zod';

/** Runtime configuration served by the server, not baked into the build (§7 common behaviour). */
export const RuntimeConfig = z.object({
  ApiBaseUrl: z.string(),
  ProductName: z.string(),
  IpLookupV4Url: z.string(),
  IpLookupV6Url: z.string(),
  PosUrl: z.string(),
  CountryServiceUrl: z.string(),
});
export type RuntimeConfig = z.infer<typeof RuntimeConfig>;

/** Echo of the caller's address as the server sees it (default public-IP lookup endpoint). */
export const IpEcho = z.object({ ip: z.string() });

export const CurrencyItem = z.object({ Id: z.number().int(), CurrencyCode: z.string(), IsActive: z.number().int() });
export const CurrencyList = z.array(CurrencyItem);

export const ServerDateTime = z.object({ systemtime: z.string() });

/** Secure-channel handshake (§7): client P-256 public key in, server public key and channel id out. */
export const HandshakeRequest = z.object({ ClientPublicKey: z.string().min(40).max(200) });
export const HandshakeResponse = z.object({ ChannelId: z.string(), ServerPublicKey: z.string() });

/** Liveness: the process answers. */
export const HealthResponse = z.object({ Status: z.literal('ok') });

/** Readiness: the database answers and every migration of this build is applied. */
export const ReadyResponse = z.object({ Status: z.literal('ready'), Database: z.enum(['pglite', 'postgres']), Migrations: z.number().int() });
