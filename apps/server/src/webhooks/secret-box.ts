import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * Secrets the server must read back in clear to use them (a webhook's signing secret, SPEC §11)
 * are kept encrypted at rest with AES-256-GCM under a key from the server's configuration, so a
 * copy of the database (a backup, a replica) does not hand them out. Each sealed value names the
 * key it was sealed with, so a server given another key says so instead of signing garbage.
 */
export interface SealedSecret {
  /** The first 16 hex digits of the key's SHA-256: which key, never the key. */
  keyId: string;
  iv: string;
  tag: string;
  data: string;
}

export class SecretBox {
  readonly keyId: string;

  constructor(private readonly key: Buffer) {
    if (key.length !== 32) throw new Error('The encryption key must be 32 bytes');
    this.keyId = createHash('sha256').update(key).digest('hex').slice(0, 16);
  }

  seal(secret: string): SealedSecret {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    const data = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
    return {
      keyId: this.keyId,
      iv: iv.toString('base64'),
      tag: cipher.getAuthTag().toString('base64'),
      data: data.toString('base64'),
    };
  }

  /** The secret, or an error saying why it cannot be read (another key, tampered with). */
  open(sealed: SealedSecret): string {
    if (sealed.keyId !== this.keyId)
      throw new Error(
        `sealed with another encryption key (${sealed.keyId}, this server has ${this.keyId}): set KEEL_ENCRYPTION_KEY to the key the other instances use`,
      );
    const decipher = createDecipheriv('aes-256-gcm', this.key, Buffer.from(sealed.iv, 'base64'));
    decipher.setAuthTag(Buffer.from(sealed.tag, 'base64'));
    return Buffer.concat([
      decipher.update(Buffer.from(sealed.data, 'base64')),
      decipher.final(),
    ]).toString('utf8');
  }
}

const KEY_FILE = 'encryption.key';

/**
 * The configured key, or, with none configured (`npm start`), one made on first boot and kept
 * beside the embedded database in the data directory, readable by the server's user only.
 * Instances that do not share a data directory must be given one key (KEEL_ENCRYPTION_KEY).
 */
export async function loadSecretBox(
  configured: Buffer | null,
  dataDir: string,
): Promise<SecretBox> {
  if (configured) return new SecretBox(configured);
  const file = path.join(dataDir, KEY_FILE);
  const existing = await readFile(file, 'utf8').catch(() => null);
  if (existing) return new SecretBox(Buffer.from(existing.trim(), 'hex'));
  await mkdir(dataDir, { recursive: true });
  const made = randomBytes(32);
  try {
    // `wx`: two instances starting at once on one directory keep the first one's key.
    await writeFile(file, made.toString('hex'), { mode: 0o600, flag: 'wx' });
    return new SecretBox(made);
  } catch {
    return new SecretBox(Buffer.from((await readFile(file, 'utf8')).trim(), 'hex'));
  }
}
