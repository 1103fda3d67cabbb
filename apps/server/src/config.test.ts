import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';

describe('loadConfig', () => {
  it('reads the encryption key as hex or base64, and refuses anything else by name', () => {
    const hex = 'ab'.repeat(32);
    expect(loadConfig({ KEEL_ENCRYPTION_KEY: hex }).encryptionKey).toEqual(Buffer.from(hex, 'hex'));
    const b64 = Buffer.alloc(32, 5).toString('base64');
    expect(loadConfig({ KEEL_ENCRYPTION_KEY: b64 }).encryptionKey).toEqual(Buffer.alloc(32, 5));
    expect(loadConfig({}).encryptionKey).toBeNull();
    expect(() => loadConfig({ KEEL_ENCRYPTION_KEY: 'hunter2' })).toThrow(
      /KEEL_ENCRYPTION_KEY: 32 random bytes/,
    );
  });

  it('allows webhooks inside the network only when told to', () => {
    expect(loadConfig({}).webhooksAllowPrivate).toBe(false);
    expect(loadConfig({ KEEL_WEBHOOKS_ALLOW_PRIVATE: 'true' }).webhooksAllowPrivate).toBe(true);
    expect(() => loadConfig({ KEEL_WEBHOOKS_ALLOW_PRIVATE: 'yes' })).toThrow(
      /KEEL_WEBHOOKS_ALLOW_PRIVATE/,
    );
  });

  it('moves credentials out of COUCHDB_URL, so the address never carries them', () => {
    const config = loadConfig({ COUCHDB_URL: 'https://keel:s%40cret@couch.example:6984/' });
    expect(config.couch).toEqual({
      url: 'https://couch.example:6984',
      user: 'keel',
      password: 's@cret',
      settleMs: 300,
    });
  });

  it('prefers COUCHDB_USER and COUCHDB_PASSWORD when they are set', () => {
    const config = loadConfig({
      COUCHDB_URL: 'http://a:b@127.0.0.1:5984',
      COUCHDB_USER: 'admin',
      COUCHDB_PASSWORD: 'pw',
    });
    expect(config.couch).toMatchObject({
      url: 'http://127.0.0.1:5984',
      user: 'admin',
      password: 'pw',
    });
  });

  it('reads how long a CouchDB cluster takes to settle a write (COUCHDB_SETTLE_MS)', () => {
    const at = (ms?: string) =>
      loadConfig({ COUCHDB_URL: 'http://127.0.0.1:5984', COUCHDB_SETTLE_MS: ms }).couch?.settleMs;
    expect(at()).toBe(300);
    expect(at('1000')).toBe(1000);
    expect(at('0')).toBe(0);
    expect(() => at('soon')).toThrow(/COUCHDB_SETTLE_MS/);
  });

  it('reads TRUST_PROXY as a boolean and refuses anything else', () => {
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(true);
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(() => loadConfig({ TRUST_PROXY: 'yes please' })).toThrow(/TRUST_PROXY/);
  });

  it('serves metrics only when METRICS_PORT names a port', () => {
    expect(loadConfig({}).metricsPort).toBeNull();
    expect(loadConfig({ METRICS_PORT: '' }).metricsPort).toBeNull();
    expect(loadConfig({ METRICS_PORT: '9464' }).metricsPort).toBe(9464);
    expect(() => loadConfig({ METRICS_PORT: 'metrics' })).toThrow(/METRICS_PORT/);
  });

  it('reads KEEL_INSTANCES as a whole number of at least one, one by default', () => {
    expect(loadConfig({}).instances).toBe(1);
    expect(loadConfig({ KEEL_INSTANCES: '3' }).instances).toBe(3);
    expect(() => loadConfig({ KEEL_INSTANCES: '0' })).toThrow(/KEEL_INSTANCES/);
    expect(() => loadConfig({ KEEL_INSTANCES: '1.5' })).toThrow(/KEEL_INSTANCES/);
  });

  it('logs requests as slow from SLOW_REQUEST_MS, one second unless told', () => {
    expect(loadConfig({}).slowRequestMs).toBe(1000);
    expect(loadConfig({ SLOW_REQUEST_MS: '' }).slowRequestMs).toBe(1000);
    expect(loadConfig({ SLOW_REQUEST_MS: '250' }).slowRequestMs).toBe(250);
    expect(() => loadConfig({ SLOW_REQUEST_MS: 'slow' })).toThrow(/SLOW_REQUEST_MS/);
  });
});
