import { generateKeyPairSync, randomBytes } from 'node:crypto';
import type { AppStore } from './app-store.ts';
import type { CouchDoc } from './couch-client.ts';

/**
 * Secrets the server generates on first boot and keeps in the app database, so every instance
 * behind a load balancer signs and reads the same cookies and tokens, and a restart signs nobody
 * out.
 */
export interface Secrets {
  cookieSecret: string;
  idpClientSecret: string;
  idpCookieKeys: string[];
  idpJwks: { keys: Record<string, unknown>[] };
}

const ID = 'config:secrets';

function generate(): Secrets {
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const jwk = privateKey.export({ format: 'jwk' }) as Record<string, unknown>;
  return {
    cookieSecret: randomBytes(32).toString('base64url'),
    idpClientSecret: randomBytes(32).toString('base64url'),
    idpCookieKeys: [randomBytes(32).toString('base64url')],
    idpJwks: { keys: [{ ...jwk, kid: randomBytes(8).toString('hex'), use: 'sig', alg: 'RS256' }] },
  };
}

export async function loadSecrets(store: AppStore): Promise<Secrets> {
  const existing = await store.get<Secrets & CouchDoc>(ID);
  if (existing) return existing;
  await store.create({ _id: ID, type: 'config', ...generate() });
  // Another instance may have won the race; everyone uses the stored copy.
  return (await store.get<Secrets & CouchDoc>(ID))!;
}
