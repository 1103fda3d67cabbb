import { mkdtempSync, readFileSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadSecretBox, SecretBox } from './secret-box.ts';

const SECRET = 'whsec_abcdefghijklmnopqrstuvwxyz0123456789ABCDEFG';

describe('SecretBox', () => {
  it('seals a secret so the stored form never shows it, and opens it again', () => {
    const box = new SecretBox(Buffer.alloc(32, 7));
    const sealed = box.seal(SECRET);
    expect(JSON.stringify(sealed)).not.toContain('abcdefghij');
    expect(box.open(sealed)).toBe(SECRET);
    // A fresh IV each time: the same secret never seals the same way twice.
    expect(box.seal(SECRET).data).not.toBe(sealed.data);
  });

  it('says so when a secret was sealed with another key, or changed', () => {
    const sealed = new SecretBox(Buffer.alloc(32, 1)).seal(SECRET);
    expect(() => new SecretBox(Buffer.alloc(32, 2)).open(sealed)).toThrow(
      /sealed with another encryption key.*KEEL_ENCRYPTION_KEY/,
    );
    const box = new SecretBox(Buffer.alloc(32, 1));
    const data = Buffer.from(sealed.data, 'base64');
    data[0] = data[0]! ^ 1;
    expect(() => box.open({ ...sealed, data: data.toString('base64') })).toThrow();
    expect(() => new SecretBox(Buffer.alloc(16))).toThrow('32 bytes');
  });

  it('makes a key on first boot, keeps it for the server only, and finds it again', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'keel-key-'));
    const first = await loadSecretBox(null, dir);
    const again = await loadSecretBox(null, dir);
    expect(again.keyId).toBe(first.keyId);
    expect(again.open(first.seal(SECRET))).toBe(SECRET);
    const file = path.join(dir, 'encryption.key');
    expect(readFileSync(file, 'utf8')).toMatch(/^[0-9a-f]{64}$/);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const configured = await loadSecretBox(Buffer.alloc(32, 9), dir);
    expect(configured.keyId).not.toBe(first.keyId);
  });
});
