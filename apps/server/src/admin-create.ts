/**
 * `npm run admin:create -- --email E --name N`: creates a platform administrator (SUPERADMIN
 * user with a platform membership of the default Super Admin group). The password comes from
 * ADMIN_PASSWORD, or is asked on standard input (first line when piped). Works on PostgreSQL
 * (DATABASE_URL) and on embedded PGlite (DATA_DIR, default <repo root>/data). Refuses when the
 * e-mail is already taken. Runs ensureReferenceData first, so it also works on a new database.
 */
import { resolve } from 'node:path';
import { createInterface } from 'node:readline/promises';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { MAX_TEXT_LENGTH } from '@paydesk/domain';
import { hashPassword } from './auth/password.ts';
import { openDatabase } from './db/client.ts';
import { auditLog, memberships, users } from './db/schema/index.ts';
import { defaultGroupIds, ensureReferenceData } from './seed/reference-data.ts';

const REPO_ROOT = fileURLToPath(new URL('../../../', import.meta.url));
/** Minimum administrator password length (OWASP ASVS 2.1.1 asks for at least 12). */
const MIN_PASSWORD_LENGTH = 12;
const USAGE = `Usage: npm run admin:create -- --email E --name N
  Password: ADMIN_PASSWORD, or typed on standard input (at least ${MIN_PASSWORD_LENGTH} characters).
  Database: DATABASE_URL (PostgreSQL), or DATA_DIR (PGlite folder, default <repo>/data).`;
/** §5 e-mail rule: local@domain with a 2–10 letter ending. */
const EMAIL = /^[^\s@]+@[^\s@]+\.[A-Za-z]{2,10}$/;

class UsageError extends Error {}

/** Reads the password: ADMIN_PASSWORD, else a prompt (asked twice on a terminal), else the first piped line. */
async function readPassword(): Promise<string> {
  const fromEnv = process.env.ADMIN_PASSWORD;
  if (fromEnv) return fromEnv;
  const rl = createInterface({ input: process.stdin, output: process.stdout, terminal: process.stdin.isTTY });
  try {
    if (!process.stdin.isTTY) {
      for await (const line of rl) return line.replace(/\r$/, '');
      throw new UsageError('No password: set ADMIN_PASSWORD or type it on standard input');
    }
    const first = await rl.question('Password: ');
    const again = await rl.question('Repeat password: ');
    if (first !== again) throw new UsageError('The passwords differ');
    return first;
  } finally {
    rl.close();
  }
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: { email: { type: 'string' }, name: { type: 'string' }, help: { type: 'boolean', short: 'h', default: false } },
    strict: true,
    allowPositionals: false,
  });
  if (values.help) {
    console.log(USAGE);
    return;
  }
  const email = values.email?.trim() ?? '';
  const name = values.name?.trim() ?? '';
  if (!EMAIL.test(email)) throw new UsageError(`--email must be a valid e-mail address, got "${email}"`);
  if (!name || name.length > MAX_TEXT_LENGTH) throw new UsageError(`--name is required (at most ${MAX_TEXT_LENGTH} characters)`);
  const password = await readPassword();
  if (password.length < MIN_PASSWORD_LENGTH) throw new UsageError(`The password must have at least ${MIN_PASSWORD_LENGTH} characters`);

  const target = process.env.DATABASE_URL || resolve(REPO_ROOT, process.env.DATA_DIR || 'data');
  const database = await openDatabase(target);
  try {
    await ensureReferenceData(database);
    const groups = await defaultGroupIds(database);
    const passwordHash = await hashPassword(password);
    const userId = await database.db.transaction(async (tx) => {
      const existing = await tx.select({ id: users.id }).from(users).where(sql`lower(${users.email}) = lower(${email})`).limit(1);
      if (existing.length > 0) throw new UsageError(`A user with e-mail ${email} already exists`);
      const [user] = await tx.insert(users).values({ email, nickName: name, passwordHash }).returning({ id: users.id });
      await tx.insert(memberships).values({ userId: user!.id, orgId: null, groupId: groups.SUPERADMIN, isDefault: true });
      await tx.insert(auditLog).values({
        action: 'USER_CREATE',
        result: 'SUCCESS',
        actorEmail: 'cli:admin:create',
        targetType: 'user',
        targetId: String(user!.id),
        after: { email, nickName: name, groupType: 'SUPERADMIN', orgId: null },
        detail: { via: 'npm run admin:create' },
      });
      return user!.id;
    });
    console.log(`Created SUPERADMIN user ${email} (id ${userId}) with a platform membership of the default Super Admin group.`);
  } catch (err) {
    // The unique index on lower(email) catches a concurrent creation of the same address.
    const e = err as { code?: string; cause?: { code?: string } };
    if ((e.code ?? e.cause?.code) === '23505') throw new UsageError(`A user with e-mail ${email} already exists`);
    throw err;
  } finally {
    await database.close();
  }
}

main().catch((err: unknown) => {
  if (err instanceof UsageError || (err instanceof Error && /Unknown option|unexpected argument|argument missing/i.test(err.message))) {
    console.error(`admin:create: ${err.message}`);
    if (!(err instanceof UsageError)) console.error(USAGE);
  } else {
    console.error('admin:create failed:', err);
  }
  process.exitCode = 1;
});
