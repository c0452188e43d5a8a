/**
 * The schema's old single-file entry, kept as a re-export of ./schema/index.ts (one file per
 * domain area) for the import of platform/secure-channel.ts only; new code imports
 * ./schema/index.ts. drizzle-kit reads the folder, not this file.
 */
export * from './schema/index.ts';
