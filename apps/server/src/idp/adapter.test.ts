import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../testing/test-server.ts';
import { couchAdapterFactory, sweepExpiredProviderRecords } from './adapter.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

describe('the provider storage adapter', () => {
  it('stores, finds by id and uid, consumes, and destroys records', async () => {
    const Adapter = couchAdapterFactory(server.store);
    const sessions = new Adapter('Session');
    await sessions.upsert('s1', { uid: 'u1', accountId: 'acc' }, 60);
    expect(await sessions.find('s1')).toMatchObject({ accountId: 'acc' });
    expect(await sessions.findByUid('u1')).toMatchObject({ accountId: 'acc' });
    await sessions.consume('s1');
    expect((await sessions.find('s1'))?.consumed).toEqual(expect.any(Number));
    await sessions.destroy('s1');
    expect(await sessions.find('s1')).toBeUndefined();
  });

  it('revokes everything issued under a grant', async () => {
    const Adapter = couchAdapterFactory(server.store);
    const codes = new Adapter('AuthorizationCode');
    const tokens = new Adapter('AccessToken');
    await codes.upsert('c1', { grantId: 'g1' }, 60);
    await tokens.upsert('t1', { grantId: 'g1' }, 60);
    await tokens.upsert('t2', { grantId: 'other' }, 60);
    await tokens.revokeByGrantId('g1');
    expect(await codes.find('c1')).toBeUndefined();
    expect(await tokens.find('t1')).toBeUndefined();
    expect(await tokens.find('t2')).toBeDefined();
  });

  it('treats expired records as gone, and the sweep deletes them', async () => {
    const Adapter = couchAdapterFactory(server.store);
    const interactions = new Adapter('Interaction');
    await interactions.upsert('old', { kind: 'Interaction' }, 1);
    await interactions.upsert('fresh', { kind: 'Interaction' }, 3600);
    const later = Date.now() + 5_000;
    expect(await sweepExpiredProviderRecords(server.store, later)).toBeGreaterThanOrEqual(1);
    expect(await server.store.get('oidc:Interaction:old')).toBeNull();
    expect(await server.store.get('oidc:Interaction:fresh')).not.toBeNull();
  });
});
