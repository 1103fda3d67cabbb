import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import { emailSchema, textField } from '@keel/domain';
import { z } from 'zod';
import type { AppStore } from '../db/app-store.ts';
import type { CouchDoc } from '../db/couch-client.ts';

/** Local accounts of the embedded sign-in provider, kept in the app database. */
export interface AccountDoc extends CouchDoc {
  type: 'account';
  sub: string;
  email: string;
  name: string;
  passwordHash: string;
  createdAt: string;
}

export const MIN_PASSWORD = 10;

export const signUpSchema = z.object({
  name: textField('Name', 1, 80),
  email: emailSchema,
  password: z
    .string()
    .min(MIN_PASSWORD, `Password must be at least ${MIN_PASSWORD} characters`)
    .max(200, 'Password must be at most 200 characters'),
});

const SCRYPT: ScryptOptions = { N: 16384, r: 8, p: 1, maxmem: 64 * 1024 * 1024 };

function derive(password: string, salt: Buffer): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scrypt(password.normalize('NFC'), salt, 32, SCRYPT, (err, key) =>
      err ? reject(err) : resolve(key),
    ),
  );
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt);
  return `scrypt$${SCRYPT.N}$${salt.toString('base64url')}$${key.toString('base64url')}`;
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, , salt, expected] = stored.split('$');
  if (scheme !== 'scrypt' || !salt || !expected) return false;
  const key = await derive(password, Buffer.from(salt, 'base64url'));
  const want = Buffer.from(expected, 'base64url');
  return key.length === want.length && timingSafeEqual(key, want);
}

const accountId = (email: string) => `account:${email}`;

export async function createAccount(
  store: AppStore,
  input: z.infer<typeof signUpSchema>,
): Promise<AccountDoc | null> {
  const doc: AccountDoc = {
    _id: accountId(input.email),
    type: 'account',
    sub: randomBytes(12).toString('base64url'),
    email: input.email,
    name: input.name,
    passwordHash: await hashPassword(input.password),
    createdAt: new Date().toISOString(),
  };
  return (await store.create(doc)) ? doc : null;
}

// Compared against when the email is unknown, so a wrong email costs as long as a wrong password.
let dummyHash: Promise<string> | null = null;

export async function authenticate(
  store: AppStore,
  email: string,
  password: string,
): Promise<AccountDoc | null> {
  const account = await store.get<AccountDoc>(accountId(email.trim().toLowerCase()));
  if (!account) {
    dummyHash ??= hashPassword('not-a-real-password');
    await verifyPassword(password, await dummyHash);
    return null;
  }
  return (await verifyPassword(password, account.passwordHash)) ? account : null;
}

export async function findAccountBySub(store: AppStore, sub: string): Promise<AccountDoc | null> {
  const link = await store.get<CouchDoc & { email: string }>(`account-sub:${sub}`);
  return link ? store.get<AccountDoc>(accountId(link.email)) : null;
}

export async function linkSub(store: AppStore, account: AccountDoc): Promise<void> {
  await store.create({
    _id: `account-sub:${account.sub}`,
    type: 'account-sub',
    email: account.email,
  });
}
