import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';

describe('loadConfig', () => {
  it('moves credentials out of COUCHDB_URL, so the address never carries them', () => {
    const config = loadConfig({ COUCHDB_URL: 'https://keel:s%40cret@couch.example:6984/' });
    expect(config.couch).toEqual({
      url: 'https://couch.example:6984',
      user: 'keel',
      password: 's@cret',
    });
  });

  it('prefers COUCHDB_USER and COUCHDB_PASSWORD when they are set', () => {
    const config = loadConfig({
      COUCHDB_URL: 'http://a:b@127.0.0.1:5984',
      COUCHDB_USER: 'admin',
      COUCHDB_PASSWORD: 'pw',
    });
    expect(config.couch).toEqual({ url: 'http://127.0.0.1:5984', user: 'admin', password: 'pw' });
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
});
