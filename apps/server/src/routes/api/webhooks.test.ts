import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_STATES, LIMITS, type Role } from '@keel/domain';
import { BrowserSession, newAccount, signUp } from '../../testing/browser-session.ts';
import { anotherInstance, through } from '../../testing/instances.ts';
import type { TestServer } from '../../testing/test-server.ts';
import { WebhookReceiver } from '../../testing/webhook-receiver.ts';
import { startWithOwnerWorkspace, type WorkspaceFixture } from '../../testing/workspace-fixture.ts';
import { DeliveryAttempts } from '../../webhooks/delivery-attempts.ts';
import { SecretBox } from '../../webhooks/secret-box.ts';
import { verifySignature } from '../../webhooks/signature.ts';
import {
  DeliveriesInFlight,
  DELIVERY_LOG_MS,
  WorkspaceWebhooks,
  type FeedLeaseDoc,
} from '../../webhooks/workspace-webhooks.ts';
import type { Lookup } from '../../webhooks/target-url.ts';
import {
  claimDocId,
  deliveryDocId,
  type DeliveryDoc,
  type WebhookDoc,
} from '../../webhooks/webhook-store.ts';
import { eventsOfChange } from '../../webhooks/webhook-events.ts';
import { noticeWebhookOff } from '../../webhooks/webhook-notices.ts';
import { addMember } from '../../workspaces/add-member.ts';

const KEY = 'ab'.repeat(32);
const FAST = { tickMs: 100, leaseMs: 3_000, waitMs: 300, sendMs: 50 };
const ENV = { KEEL_WEBHOOKS_ALLOW_PRIVATE: 'true', KEEL_ENCRYPTION_KEY: KEY };
const IN_PROGRESS = DEFAULT_STATES.find((s) => s.name === 'In Progress')!.id;

let server: TestServer;
let owner: BrowserSession;
let ws: WorkspaceFixture;
let token: string;
let receiver: WebhookReceiver;
let receiverUrl: string;
const people: Partial<Record<Role, BrowserSession>> = {};

interface Problem {
  code: string;
  errors?: { path: string; message: string }[];
}
interface Hook {
  id: string;
  label: string;
  url: string;
  events: string[];
  active: boolean;
  failingSince: string | null;
  disabledAt: string | null;
}
interface Delivery {
  id: string;
  eventId: string;
  event: string;
  status: string;
  attempts: number;
  responseStatus: number | null;
  durationMs: number | null;
  error: string | null;
  requestBody: string;
  responseBody: string | null;
  nextAttemptAt: string | null;
}
interface Payload {
  id: string;
  type: string;
  createdAt: string;
  workspace: { id: string; slug: string };
  actor: { id: string } | null;
  data: Record<string, unknown>;
  changes?: { field: string; from: unknown; to: unknown };
}

const hooksPath = (slug = ws.slug) => `/api/workspaces/${slug}/webhooks`;

async function createHook(
  body: Record<string, unknown>,
  as: BrowserSession = owner,
  slug = ws.slug,
): Promise<{ status: number; secret: string; webhook: Hook; problem: Problem }> {
  const res = await as.request(hooksPath(slug), { method: 'POST', json: body });
  const json = (await res.json()) as { secret: string; webhook: Hook } & Problem;
  return { status: res.status, secret: json.secret, webhook: json.webhook, problem: json };
}

async function api<T>(method: string, path: string, body?: unknown): Promise<T> {
  const res = await fetch(`${server.url}/api/v1/workspaces/${ws.slug}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${text}`);
  return (text ? JSON.parse(text) : null) as T;
}

async function deliveries(hookId: string): Promise<Delivery[]> {
  const res = await owner.request(`${hooksPath()}/${hookId}/deliveries`);
  expect(res.status).toBe(200);
  return ((await res.json()) as { deliveries: Delivery[] }).deliveries;
}

async function until<T>(read: () => Promise<T>, ok: (value: T) => boolean, ms = 10_000) {
  const end = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (ok(value)) return value;
    if (Date.now() > end) throw new Error(`not yet: ${JSON.stringify(value).slice(0, 400)}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

const storedHook = async (id: string) =>
  (await server.store.withPrefix<WebhookDoc>('webhook:')).find((d) => d.id === id)!;

const bodies = () => receiver.received.map((r) => JSON.parse(r.body) as Payload);

beforeAll(async () => {
  ({ server, owner, ws } = await startWithOwnerWorkspace('hooks', {
    env: ENV,
    webhookTiming: FAST,
  }));
  const res = await owner.request('/api/tokens', {
    method: 'POST',
    json: { name: 'hooks', scope: 'write', expiresAt: null },
  });
  token = ((await res.json()) as { token: string }).token;
  const workspace = (await server.store.workspaceBySlug(ws.slug))!;
  for (const role of ['admin', 'member', 'viewer'] as Role[]) {
    const who = new BrowserSession(server.url);
    await signUp(who, newAccount(role));
    const me = (await (await who.request('/api/me')).json()) as { user: { id: string } };
    await addMember(server.store, workspace, (await server.store.getUser(me.user.id))!, role);
    people[role] = who;
  }
  receiver = new WebhookReceiver();
  receiverUrl = await receiver.start();
});

afterAll(async () => {
  await server?.close();
  await receiver?.close();
});

describe('managing webhooks', () => {
  it('shows the secret once, keeps it sealed, and lists the webhook without it', async () => {
    const made = await createHook({
      label: 'Audit log',
      url: receiverUrl,
      events: ['issue.updated', 'issue.created'],
    });
    expect(made.status).toBe(201);
    expect(made.secret).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
    // Kept in the order the catalogue lists them.
    expect(made.webhook).toMatchObject({
      label: 'Audit log',
      events: ['issue.created', 'issue.updated'],
      active: true,
      failingSince: null,
      disabledAt: null,
    });
    const list = (await (await owner.request(hooksPath())).json()) as { webhooks: Hook[] };
    expect(list.webhooks.map((h) => h.id)).toContain(made.webhook.id);
    expect(JSON.stringify(list)).not.toContain(made.secret);
    const stored = await server.store.withPrefix<WebhookDoc>(`webhook:`);
    const doc = stored.find((d) => d.id === made.webhook.id)!;
    expect(JSON.stringify(doc)).not.toContain(made.secret.slice(6));
    expect(server.webhooks.secretOf(doc)).toBe(made.secret);
    expect(await deliveries(made.webhook.id)).toEqual([]);
    expect(
      (await owner.request(`${hooksPath()}/${made.webhook.id}`, { method: 'DELETE' })).status,
    ).toBe(204);
  });

  it('names each field a registration gets wrong', async () => {
    const empty = await createHook({});
    expect(empty.status).toBe(422);
    expect(empty.problem.errors?.map((e) => e.path).sort()).toEqual(['events', 'label', 'url']);
    const bad = await createHook({
      label: 'x'.repeat(81),
      url: receiverUrl,
      events: ['issue.exploded'],
    });
    expect(bad.status).toBe(422);
    expect(bad.problem.errors?.map((e) => e.path).sort()).toEqual(['events.0', 'label']);
    const none = await createHook({ label: 'Nothing', url: receiverUrl, events: [] });
    expect(none.problem.errors).toEqual([{ path: 'events', message: 'Choose at least one event' }]);
    const notUrl = await createHook({
      label: 'Typo',
      url: 'hooks example com',
      events: ['issue.created'],
    });
    expect(notUrl.problem.errors).toEqual([
      { path: 'url', message: 'Enter a full URL, starting with https://' },
    ]);
    const extra = await createHook({
      label: 'X',
      url: receiverUrl,
      events: ['issue.created'],
      secret: 'mine',
    });
    expect(extra.status).toBe(422);
  });

  it('is for owners and admins; members and viewers are refused, strangers not told', async () => {
    const byAdmin = await createHook(
      { label: 'Admin’s', url: receiverUrl, events: ['comment.created'] },
      people.admin,
    );
    expect(byAdmin.status).toBe(201);
    for (const role of ['member', 'viewer'] as const) {
      const who = people[role]!;
      expect((await who.request(hooksPath())).status).toBe(403);
      const made = await createHook(
        { label: 'Mine', url: receiverUrl, events: ['issue.created'] },
        who,
      );
      expect(made.problem.code).toBe('FORBIDDEN');
      const del = await who.request(`${hooksPath()}/${byAdmin.webhook.id}`, { method: 'DELETE' });
      expect(del.status).toBe(403);
    }
    const stranger = new BrowserSession(server.url);
    await signUp(stranger, newAccount('stranger'));
    expect((await stranger.request(hooksPath())).status).toBe(404);
    const res = await stranger.request(`${hooksPath()}/${byAdmin.webhook.id}/deliveries`);
    expect(res.status).toBe(404);
    expect(
      (await owner.request(`${hooksPath()}/${byAdmin.webhook.id}`, { method: 'DELETE' })).status,
    ).toBe(204);
    expect((await owner.request(`${hooksPath()}/${byAdmin.webhook.id}`)).status).toBe(404);
  });

  it('changes a webhook field by field, and refuses an empty change or an unknown one', async () => {
    const made = await createHook({
      label: 'Edit me',
      url: receiverUrl,
      events: ['issue.created'],
    });
    const path = `${hooksPath()}/${made.webhook.id}`;
    const res = await owner.request(path, {
      method: 'PATCH',
      json: { label: 'Edited', events: ['comment.deleted', 'issue.deleted'] },
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({
      label: 'Edited',
      url: receiverUrl,
      events: ['issue.deleted', 'comment.deleted'],
    });
    expect((await owner.request(path, { method: 'PATCH', json: {} })).status).toBe(422);
    const unknown = await owner.request(`${hooksPath()}/nope`, {
      method: 'PATCH',
      json: { label: 'x' },
    });
    expect(unknown.status).toBe(404);
    const rolled = await owner.request(`${path}/secret`, { method: 'POST' });
    const { secret } = (await rolled.json()) as { secret: string };
    expect(secret).not.toBe(made.secret);
    expect(secret).toMatch(/^whsec_/);
    expect((await owner.request(path, { method: 'DELETE' })).status).toBe(204);
  });

  it(`holds a workspace to ${LIMITS.webhooksPerWorkspace} webhooks`, async () => {
    const ids: string[] = [];
    for (let i = 0; i < LIMITS.webhooksPerWorkspace; i++) {
      const made = await createHook({
        label: `Hook ${i}`,
        url: receiverUrl,
        events: ['cycle.created'],
      });
      expect(made.status).toBe(201);
      ids.push(made.webhook.id);
    }
    const one = await createHook({
      label: 'One more',
      url: receiverUrl,
      events: ['cycle.created'],
    });
    expect(one.status).toBe(422);
    expect(one.problem.errors?.[0]?.message).toMatch(/20 webhooks, the most it can have/);
    for (const id of ids)
      expect((await owner.request(`${hooksPath()}/${id}`, { method: 'DELETE' })).status).toBe(204);
  });
});

describe('deliveries', () => {
  let hook: Hook;
  let secret: string;

  beforeAll(async () => {
    const made = await createHook({
      label: 'Everything about issues',
      url: receiverUrl,
      events: ['issue.created', 'issue.updated', 'comment.created'],
    });
    hook = made.webhook;
    secret = made.secret;
  });

  it('sends a signed issue.created once the issue is written, in the API’s own shape', async () => {
    const before = receiver.received.length;
    const issue = await api<{ id: string; key: string }>('POST', '/issues', {
      project: 'ENG',
      title: 'Hook me',
    });
    const [got] = (await receiver.waitFor(before + 1)).slice(before);
    const body = JSON.parse(got!.body) as Payload;
    expect(body).toMatchObject({
      type: 'issue.created',
      workspace: { slug: ws.slug },
      actor: { id: ws.userId },
      data: { id: issue.id, key: issue.key, title: 'Hook me' },
    });
    expect(body.id).toMatch(/^evt_[0-9a-f]{32}$/);
    expect(got!.headers['keel-event']).toBe('issue.created');
    expect(got!.headers['content-type']).toBe('application/json');
    expect(got!.headers['keel-webhook-id']).toBe(hook.id);
    const signature = String(got!.headers['keel-signature']);
    expect(verifySignature(secret, got!.body, signature, new Date())).toBe(true);
    expect(verifySignature('whsec_other', got!.body, signature, new Date())).toBe(false);
    const log = await until(
      () => deliveries(hook.id),
      (list) => list.some((d) => d.eventId === body.id && d.status === 'delivered'),
    );
    const entry = log.find((d) => d.eventId === body.id)!;
    expect(entry).toMatchObject({
      event: 'issue.created',
      attempts: 1,
      responseStatus: 200,
      responseBody: 'ok',
    });
    expect(entry.requestBody).toBe(got!.body);
    expect(got!.headers['keel-delivery']).toBe(entry.id);
  });

  it('says what an update changed, and sends nothing for events not chosen', async () => {
    const issue = await api<{ id: string; key: string }>('POST', '/issues', {
      project: 'ENG',
      title: 'Move me',
    });
    await until(
      async () => bodies(),
      (b) => b.some((p) => p.data.id === issue.id),
    );
    await api('PATCH', `/issues/${issue.key}`, { stateId: IN_PROGRESS });
    // Deleting is not one of its events; the comment after it is.
    await api('DELETE', `/issues/${issue.key}`);
    const other = await api<{ id: string; key: string }>('POST', '/issues', {
      project: 'ENG',
      title: 'Talk here',
    });
    await api('POST', `/issues/${other.key}/comments`, { body: 'First!' });
    const all = await until(
      async () => bodies(),
      (b) => b.some((p) => p.type === 'comment.created' && p.data.issueId === other.id),
    );
    const update = all.find((p) => p.type === 'issue.updated' && p.data.id === issue.id)!;
    expect(update.changes).toMatchObject({ field: 'state', to: IN_PROGRESS });
    expect(all.some((p) => p.type === 'issue.deleted')).toBe(false);
    const comment = all.find((p) => p.type === 'comment.created')!;
    expect(comment.data).toMatchObject({ body: 'First!', issueId: other.id });
  });

  it('retries a failed delivery later, and Redeliver sends it again at once', async () => {
    // An endpoint of its own: a late delivery of another test cannot take its failing answer.
    const made = await createHook({
      label: 'Down for a moment',
      url: `${receiverUrl}/retry`,
      events: ['issue.created'],
    });
    const hook = made.webhook;
    const secret = made.secret;
    receiver.answerOn('/hook/retry', { status: 500, body: 'down for maintenance' });
    const issue = await api<{ id: string }>('POST', '/issues', {
      project: 'ENG',
      title: 'Fails first',
    });
    const failed = await until(
      () => deliveries(hook.id),
      (list) => list.some((d) => d.status === 'retrying'),
    );
    const entry = failed.find((d) => d.status === 'retrying')!;
    expect(JSON.parse(entry.requestBody)).toMatchObject({ data: { id: issue.id } });
    expect(entry).toMatchObject({
      attempts: 1,
      responseStatus: 500,
      responseBody: 'down for maintenance',
    });
    const wait = Date.parse(entry.nextAttemptAt!) - Date.now();
    expect(wait).toBeGreaterThan(20_000);
    expect(wait).toBeLessThanOrEqual(30_000);
    expect((await storedHook(hook.id)).failingSince).not.toBeNull();

    const res = await owner.request(`${hooksPath()}/${hook.id}/deliveries/${entry.id}/redeliver`, {
      method: 'POST',
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({
      status: 'delivered',
      attempts: 2,
      responseStatus: 200,
    });
    const again = receiver.received.filter((r) => r.path === '/hook/retry').at(-1)!;
    expect(again.body).toBe(entry.requestBody);
    expect(
      verifySignature(secret, again.body, String(again.headers['keel-signature']), new Date()),
    ).toBe(true);
    expect((await storedHook(hook.id)).failingSince).toBeNull();
    const unknown = await owner.request(
      `${hooksPath()}/${hook.id}/deliveries/0000000000000:evt_${'0'.repeat(32)}/redeliver`,
      { method: 'POST' },
    );
    expect(unknown.status).toBe(404);
    await owner.request(`${hooksPath()}/${hook.id}`, { method: 'DELETE' });
  });

  it('delivers each change once to each endpoint with two instances following the workspace', async () => {
    const second = await anotherInstance(server, { env: ENV, webhookTiming: FAST });
    try {
      const other = await createHook({
        label: 'Second endpoint',
        url: `${receiverUrl}/2`,
        events: ['issue.created'],
      });
      const before = receiver.received.length;
      // Written through either instance, as a balancer would spread them.
      const viaSecond = through(second, owner);
      for (let i = 0; i < 6; i++) {
        const who = i % 2 ? owner : viaSecond;
        const res = await who.request(`/api/v1/workspaces/${ws.slug}/issues`, {
          method: 'POST',
          json: { project: 'ENG', title: `Twice? ${i}` },
          headers: { authorization: `Bearer ${token}` },
        });
        expect(res.status).toBe(201);
      }
      // This test's issues only: another test's retry may arrive meanwhile.
      const ours = () =>
        receiver.received
          .slice(before)
          .filter((r) => String((JSON.parse(r.body) as Payload).data.title).startsWith('Twice? '));
      await until(
        async () => ours(),
        (list) => list.length >= 12,
      );
      // Long enough for any second copy to arrive.
      await new Promise((r) => setTimeout(r, 1_500));
      const sent = ours().map((r) => `${r.path} ${(JSON.parse(r.body) as Payload).id}`);
      expect(sent).toHaveLength(12);
      expect(new Set(sent).size).toBe(12);
      const docs = await server.store.withPrefix<DeliveryDoc>(`delivery:${other.webhook.id}:`);
      expect(docs).toHaveLength(6);
      expect(
        (await owner.request(`${hooksPath()}/${other.webhook.id}`, { method: 'DELETE' })).status,
      ).toBe(204);
      expect(await server.store.withPrefix(`delivery:${other.webhook.id}:`)).toEqual([]);
      expect(await server.store.withPrefix(`whclaim:${other.webhook.id}:`)).toEqual([]);
    } finally {
      await second.close();
    }
  });

  it('a member’s write fires the webhook too: the feed, not the route, is what is followed', async () => {
    const member = people.member!;
    const res = await member.request('/api/tokens', {
      method: 'POST',
      json: { name: 'member', scope: 'write', expiresAt: null },
    });
    const memberToken = ((await res.json()) as { token: string }).token;
    const made = await fetch(`${server.url}/api/v1/workspaces/${ws.slug}/issues`, {
      method: 'POST',
      headers: { authorization: `Bearer ${memberToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({ project: 'ENG', title: 'From a member' }),
    });
    const issue = (await made.json()) as { id: string };
    const me = (await (await member.request('/api/me')).json()) as { user: { id: string } };
    const got = await until(
      async () => bodies(),
      (b) => b.some((p) => p.data.id === issue.id),
    );
    expect(got.find((p) => p.data.id === issue.id)!.actor).toEqual({ id: me.user.id });
  });
});

describe('instances racing', () => {
  it('two instances reading the same changes at once make and send each delivery once', async () => {
    // A server whose own dispatcher does not run: the two workers below are the only ones.
    const quiet = await startWithOwnerWorkspace('race', { env: ENV });
    try {
      const made = (await (
        await quiet.owner.request('/api/workspaces/race/webhooks', {
          method: 'POST',
          json: { label: 'Race', url: `${receiverUrl}/race`, events: ['issue.created'] },
        })
      ).json()) as { webhook: Hook };
      const workspace = (await quiet.server.store.workspaceBySlug('race'))!;
      const info = await quiet.server.couch.json<{ update_seq: unknown }>(
        'GET',
        `/${workspace.dbName}/`,
      );
      const since = String(info.update_seq);
      const res = await quiet.owner.request('/api/tokens', {
        method: 'POST',
        json: { name: 'race', scope: 'write', expiresAt: null },
      });
      const raceToken = ((await res.json()) as { token: string }).token;
      for (let i = 0; i < 4; i++) {
        const made = await fetch(`${quiet.server.url}/api/v1/workspaces/race/issues`, {
          method: 'POST',
          headers: { authorization: `Bearer ${raceToken}`, 'content-type': 'application/json' },
          body: JSON.stringify({ project: 'ENG', title: `Race ${i}` }),
        });
        expect(made.status).toBe(201);
      }
      const racers = ['a', 'b'].map((name) => {
        const attempts = new DeliveryAttempts(
          quiet.server.store,
          quiet.server.webhooks,
          quiet.server.app.log,
          { instanceId: `racer-${name}`, policy: { allowPrivate: true, allowHttp: true } },
        );
        return new WorkspaceWebhooks(
          workspace._id.slice('workspace:'.length),
          workspace.dbName,
          'race',
          {
            couch: quiet.server.couch,
            store: quiet.server.store,
            webhooks: quiet.server.webhooks,
            attempts,
            log: quiet.server.app.log,
            now: Date.now,
          },
        );
      });
      await Promise.all(racers.map((r) => r.refreshHooks()));
      // One may find the other's claims made and their deliveries not yet written: it reads
      // the batch again, as the dispatcher does a second later, and then finds them made.
      const first = await Promise.allSettled(racers.map((r) => r.readBatch(since, 0)));
      for (const [i, outcome] of first.entries())
        if (outcome.status === 'rejected') {
          expect(outcome.reason).toBeInstanceOf(DeliveriesInFlight);
          await racers[i]!.readBatch(since, 0);
        }
      expect(racers[0]!.waiting + racers[1]!.waiting).toBe(4);
      await Promise.all(racers.map((r) => r.sendDue()));
      // Each sends what it made; neither sends the other's.
      await Promise.all(racers.map((r) => r.sendDue()));
      const race = () => receiver.received.filter((r) => r.path === '/hook/race');
      await until(
        async () => race(),
        (list) => list.length >= 4,
      );
      const ids = race().map((r) => (JSON.parse(r.body) as Payload).id);
      expect(ids).toHaveLength(4);
      expect(new Set(ids).size).toBe(4);
      const docs = await quiet.server.store.withPrefix<DeliveryDoc>(`delivery:${made.webhook.id}:`);
      expect(docs.map((d) => d.status)).toEqual(Array(4).fill('delivered'));
    } finally {
      await quiet.server.close();
    }
  });
});

describe('retries and refusals, attempt by attempt', () => {
  let quiet: Awaited<ReturnType<typeof startWithOwnerWorkspace>>;
  let clock = Date.parse('2026-11-28T10:00:00.000Z');
  const disabled: string[] = [];

  beforeAll(async () => {
    quiet = await startWithOwnerWorkspace('attempts', { env: ENV });
  });
  afterAll(async () => {
    await quiet?.server.close();
  });

  async function worker(policy = { allowPrivate: true, allowHttp: true }, lookup?: Lookup) {
    const workspace = (await quiet.server.store.workspaceBySlug('attempts'))!;
    const attempts = new DeliveryAttempts(
      quiet.server.store,
      quiet.server.webhooks,
      quiet.server.app.log,
      {
        instanceId: 'clocked',
        policy,
        lookup,
        now: () => clock,
        onDisabled: async (hook) => {
          disabled.push(hook.id);
          await noticeWebhookOff(quiet.server.store, hook);
        },
      },
    );
    const hooks = new WorkspaceWebhooks(
      workspace._id.slice('workspace:'.length),
      workspace.dbName,
      'attempts',
      {
        couch: quiet.server.couch,
        store: quiet.server.store,
        webhooks: quiet.server.webhooks,
        attempts,
        log: quiet.server.app.log,
        now: () => clock,
      },
    );
    await hooks.refreshHooks();
    const info = await quiet.server.couch.json<{ update_seq: unknown }>(
      'GET',
      `/${workspace.dbName}/`,
    );
    return { hooks, since: String(info.update_seq) };
  }

  async function addIssue(title: string) {
    const made = await quiet.owner.request(`/api/v1/workspaces/attempts/issues`, {
      method: 'POST',
      json: { project: 'ENG', title },
    });
    expect(made.status).toBe(201);
  }

  async function hookDoc(id: string) {
    return (await quiet.server.store.withPrefix<WebhookDoc>('webhook:')).find((d) => d.id === id)!;
  }

  it('backs off, gives up after 24 hours, and turns off an endpoint failing that long', async () => {
    const res = await quiet.owner.request('/api/workspaces/attempts/webhooks', {
      method: 'POST',
      json: { label: 'Flaky', url: `${receiverUrl}/flaky`, events: ['issue.created'] },
    });
    const hook = ((await res.json()) as { webhook: Hook }).webhook;
    const { hooks, since } = await worker();
    const start = clock;
    await addIssue('Never arrives');
    await hooks.readBatch(since, 0);
    expect(hooks.waiting).toBe(1);
    const flaky = () => receiver.received.filter((r) => r.path === '/hook/flaky').length;
    receiver.answerNext({ status: 503 }, { status: 502 }, { status: 500 });

    await hooks.sendDue();
    expect(flaky()).toBe(1);
    let [doc] = await quiet.server.store.withPrefix<DeliveryDoc>(`delivery:${hook.id}:`);
    expect(doc).toMatchObject({ status: 'retrying', attempts: 1, responseStatus: 503 });
    expect(Date.parse(doc!.nextAttemptAt!)).toBe(start + 30_000);
    expect((await hookDoc(hook.id)).failingSince).toBe(new Date(start).toISOString());

    // Not due yet: nothing is sent.
    clock = start + 29_000;
    await hooks.sendDue();
    expect(flaky()).toBe(1);
    clock = start + 30_000;
    await hooks.sendDue();
    expect(flaky()).toBe(2);
    [doc] = await quiet.server.store.withPrefix<DeliveryDoc>(`delivery:${hook.id}:`);
    expect(doc).toMatchObject({ status: 'retrying', attempts: 2, responseStatus: 502 });
    expect(Date.parse(doc!.nextAttemptAt!)).toBe(clock + 60_000);
    expect((await hookDoc(hook.id)).active).toBe(true);

    // A day on, the last attempt fails: the delivery is given up and the endpoint turned off.
    clock = start + LIMITS.webhookRetryMs + 60_000;
    await hooks.sendDue();
    expect(flaky()).toBe(3);
    [doc] = await quiet.server.store.withPrefix<DeliveryDoc>(`delivery:${hook.id}:`);
    expect(doc).toMatchObject({ status: 'failed', attempts: 3, nextAttemptAt: null });
    expect(hooks.waiting).toBe(0);
    const off = await hookDoc(hook.id);
    expect(off).toMatchObject({ active: false, disabledAt: new Date(clock).toISOString() });
    expect(disabled).toEqual([hook.id]);
    // Its admins are told: a notice in the workspace, on every device, which no device may write.
    const noticePath = `/db/attempts/${encodeURIComponent(`notice:webhook-${hook.id}`)}`;
    const notice = (await (await quiet.owner.request(noticePath)).json()) as Record<
      string,
      unknown
    >;
    expect(notice).toMatchObject({
      type: 'notice',
      kind: 'webhook-off',
      subjectId: hook.id,
      label: 'Flaky',
      resolvedAt: null,
    });
    const forged = await quiet.owner.request('/db/attempts/_bulk_docs', {
      method: 'POST',
      json: { docs: [{ ...notice, resolvedAt: new Date().toISOString() }] },
    });
    expect(await forged.json()).toMatchObject([{ error: 'forbidden', code: 'FORBIDDEN' }]);

    // Turned off, it is sent nothing new; turned back on, it starts afresh.
    const { hooks: later, since: after } = await worker();
    await addIssue('While off');
    await later.readBatch(after, 0);
    expect(later.waiting).toBe(0);
    const on = await quiet.owner.request(`/api/workspaces/attempts/webhooks/${hook.id}`, {
      method: 'PATCH',
      json: { active: true },
    });
    expect(await on.json()).toMatchObject({ active: true, disabledAt: null, failingSince: null });
    const resolved = (await (await quiet.owner.request(noticePath)).json()) as {
      resolvedAt: string | null;
    };
    expect(resolved.resolvedAt).not.toBeNull();
    await quiet.owner.request(`/api/workspaces/attempts/webhooks/${hook.id}`, { method: 'DELETE' });
  });

  it('never leaves a claimed event without its delivery, and prunes the log after a week', async () => {
    const res = await quiet.owner.request('/api/workspaces/attempts/webhooks', {
      method: 'POST',
      json: { label: 'Gaps', url: `${receiverUrl}/gaps`, events: ['issue.created'] },
    });
    const hook = ((await res.json()) as { webhook: Hook }).webhook;
    const { hooks, since } = await worker();
    await addIssue('Claimed, then the maker stopped');
    // Another worker claimed the event and stopped before writing the delivery.
    const events = (
      await quiet.server.couch.json<{ results: { id: string; rev: string }[] }>(
        'GET',
        `/${(await quiet.server.store.workspaceBySlug('attempts'))!.dbName}/_changes`,
        { query: { since, include_docs: false } },
      )
    ).results;
    const created = events.find((e) => e.id.startsWith('activity:'))!;
    const eventId = eventsOfChange({
      id: created.id,
      rev: created.rev,
      deleted: false,
      doc: {
        kind: 'created',
        issueId: 'issue:x',
      },
    })[0]!.id;
    await quiet.server.store.put({
      _id: claimDocId(hook.id, eventId),
      type: 'whclaim',
      deliveryId: deliveryDocId(hook.id, clock, eventId),
      createdAt: new Date(clock).toISOString(),
      nonce: 'other',
    });
    // Just claimed: its maker may be writing it; the batch is read again, not passed.
    await expect(hooks.readBatch(since, 0)).rejects.toBeInstanceOf(DeliveriesInFlight);
    clock += 61_000;
    await hooks.readBatch(since, 0);
    const [made] = await quiet.server.store.withPrefix<DeliveryDoc>(`delivery:${hook.id}:`);
    expect(made).toMatchObject({ _id: deliveryDocId(hook.id, clock - 61_000, eventId), eventId });
    await hooks.sendDue();
    expect(receiver.received.filter((r) => r.path === '/hook/gaps')).toHaveLength(1);
    // A week on, the delivery and its claim are gone from the log.
    expect(await hooks.prune()).toBe(0);
    clock += DELIVERY_LOG_MS;
    expect(await hooks.prune()).toBe(1);
    expect(await quiet.server.store.withPrefix(`delivery:${hook.id}:`)).toEqual([]);
    expect(await quiet.server.store.withPrefix(`whclaim:${hook.id}:`)).toEqual([]);
    await quiet.owner.request(`/api/workspaces/attempts/webhooks/${hook.id}`, { method: 'DELETE' });
  });

  it('sends to the webhook as it is at the attempt, and a failed Redeliver is not retried', async () => {
    const res = await quiet.owner.request('/api/workspaces/attempts/webhooks', {
      method: 'POST',
      json: { label: 'Moving', url: `${receiverUrl}/old`, events: ['issue.created'] },
    });
    const hook = ((await res.json()) as { webhook: Hook }).webhook;
    const { hooks, since } = await worker();
    await addIssue('Goes to the new address');
    await hooks.readBatch(since, 0);
    // Pointed elsewhere after the delivery was queued: it goes where the webhook points now.
    await quiet.owner.request(`/api/workspaces/attempts/webhooks/${hook.id}`, {
      method: 'PATCH',
      json: { url: `${receiverUrl}/new` },
    });
    await hooks.sendDue();
    expect(receiver.received.filter((r) => r.path === '/hook/old')).toEqual([]);
    expect(receiver.received.filter((r) => r.path === '/hook/new')).toHaveLength(1);
    const [doc] = await quiet.server.store.withPrefix<DeliveryDoc>(`delivery:${hook.id}:`);
    expect(doc!.status).toBe('delivered');
    receiver.answerNext({ status: 500 });
    const again = await quiet.owner.request(
      `/api/workspaces/attempts/webhooks/${hook.id}/deliveries/${doc!._id.split(':').slice(2).join(':')}/redeliver`,
      { method: 'POST' },
    );
    expect(await again.json()).toMatchObject({
      status: 'failed',
      attempts: 2,
      responseStatus: 500,
      nextAttemptAt: null,
    });
    await quiet.owner.request(`/api/workspaces/attempts/webhooks/${hook.id}`, { method: 'DELETE' });
  });

  it('starts a workspace’s first webhook from its changes as they are now', async () => {
    const workspace = (await quiet.server.store.workspaceBySlug('attempts'))!;
    const lease = () =>
      quiet.server.store.get<FeedLeaseDoc>(`webhookfeed:${workspace._id.slice(10)}`);
    const old = (await lease())!.since;
    await addIssue('Before the next webhook');
    const info = await quiet.server.couch.json<{ update_seq: unknown }>(
      'GET',
      `/${workspace.dbName}/`,
    );
    const res = await quiet.owner.request('/api/workspaces/attempts/webhooks', {
      method: 'POST',
      json: { label: 'Fresh', url: `${receiverUrl}/fresh`, events: ['issue.created'] },
    });
    const hook = ((await res.json()) as { webhook: Hook }).webhook;
    expect((await lease())!.since).not.toBe(old);
    expect((await lease())!.since).toBe(String(info.update_seq));
    await quiet.owner.request(`/api/workspaces/attempts/webhooks/${hook.id}`, { method: 'DELETE' });
  });

  it('says so in the log, and sends nothing, when the secret was sealed with another key', async () => {
    const res = await quiet.owner.request('/api/workspaces/attempts/webhooks', {
      method: 'POST',
      json: { label: 'Other key', url: `${receiverUrl}/other-key`, events: ['issue.created'] },
    });
    const hook = ((await res.json()) as { webhook: Hook }).webhook;
    // As if another instance, configured with another KEEL_ENCRYPTION_KEY, had sealed it.
    await quiet.server.store.update<WebhookDoc>(
      `webhook:${(await hookDoc(hook.id)).workspaceId}:${hook.id}`,
      (current) =>
        current ? { ...current, secret: new SecretBox(Buffer.alloc(32, 3)).seal('whsec_x') } : null,
    );
    const { hooks, since } = await worker();
    await addIssue('Cannot be signed');
    await hooks.readBatch(since, 0);
    await hooks.sendDue();
    expect(receiver.received.filter((r) => r.path === '/hook/other-key')).toEqual([]);
    const [doc] = await quiet.server.store.withPrefix<DeliveryDoc>(`delivery:${hook.id}:`);
    expect(doc).toMatchObject({ status: 'retrying', responseStatus: null });
    expect(doc!.error).toMatch(/sealed with another encryption key.*KEEL_ENCRYPTION_KEY/);
    await quiet.owner.request(`/api/workspaces/attempts/webhooks/${hook.id}`, { method: 'DELETE' });
  });

  it('refuses at delivery a name that now points inside, without connecting', async () => {
    const res = await quiet.owner.request('/api/workspaces/attempts/webhooks', {
      method: 'POST',
      json: { label: 'Rebound', url: 'https://hooks.example.test/in', events: ['issue.created'] },
    });
    expect(res.status).toBe(201);
    const hook = ((await res.json()) as { webhook: Hook }).webhook;
    const looked: string[] = [];
    const lookup: Lookup = async (host) => {
      looked.push(host);
      return [{ address: '93.184.215.14' }, { address: '10.0.0.7' }];
    };
    const { hooks, since } = await worker({ allowPrivate: false, allowHttp: false }, lookup);
    await addIssue('Goes nowhere');
    await hooks.readBatch(since, 0);
    await hooks.sendDue();
    expect(looked).toEqual(['hooks.example.test']);
    const [doc] = await quiet.server.store.withPrefix<DeliveryDoc>(`delivery:${hook.id}:`);
    expect(doc).toMatchObject({
      status: 'retrying',
      responseStatus: null,
      error: 'That address is on a private network',
    });
    await quiet.owner.request(`/api/workspaces/attempts/webhooks/${hook.id}`, { method: 'DELETE' });
  });

  it('does not follow a redirect, and says where it pointed', async () => {
    const res = await quiet.owner.request('/api/workspaces/attempts/webhooks', {
      method: 'POST',
      json: { label: 'Moved', url: `${receiverUrl}/moved`, events: ['issue.created'] },
    });
    const hook = ((await res.json()) as { webhook: Hook }).webhook;
    const { hooks, since } = await worker();
    receiver.answerNext({ status: 302, headers: { location: 'http://169.254.169.254/latest' } });
    await addIssue('Redirected');
    await hooks.readBatch(since, 0);
    await hooks.sendDue();
    const [doc] = await quiet.server.store.withPrefix<DeliveryDoc>(`delivery:${hook.id}:`);
    expect(doc).toMatchObject({
      status: 'retrying',
      responseStatus: 302,
      error: 'Redirects are not followed (to http://169.254.169.254/latest)',
    });
    expect(receiver.received.filter((r) => r.path === '/latest')).toEqual([]);
    await quiet.owner.request(`/api/workspaces/attempts/webhooks/${hook.id}`, { method: 'DELETE' });
  });
});

describe('targets refused at registration (no private addresses allowed)', () => {
  it('refuses every inside address, in any spelling, and plain http', async () => {
    const strict = await startWithOwnerWorkspace('strict');
    try {
      const refused: [string, string][] = [
        ['http://example.com/hook', 'The URL must start with https://'],
        ['https://127.0.0.1/hook', 'That address is on a private network'],
        ['https://10.1.2.3/hook', 'That address is on a private network'],
        ['https://169.254.169.254/latest/meta-data', 'That address is on a private network'],
        ['https://[::1]/hook', 'That address is on a private network'],
        ['https://[::ffff:192.168.0.1]/hook', 'That address is on a private network'],
        ['https://0x7f000001/hook', 'That address is on a private network'],
        ['https://2130706433/hook', 'That address is on a private network'],
        ['https://localhost/hook', 'That address is on a private network'],
        ['https://metadata.google.internal/hook', 'That address is on a private network'],
        ['https://user:pw@example.com/hook', 'Put credentials in the secret, not in the URL'],
        ['ftp://example.com/hook', 'The URL must start with https://'],
      ];
      for (const [url, message] of refused) {
        const res = await strict.owner.request('/api/workspaces/strict/webhooks', {
          method: 'POST',
          json: { label: 'Inside', url, events: ['issue.created'] },
        });
        expect(res.status, url).toBe(422);
        const problem = (await res.json()) as Problem;
        expect(problem.errors, url).toEqual([{ path: 'url', message }]);
      }
      expect(await strict.server.store.withPrefix('webhook:')).toEqual([]);
      const ok = await strict.owner.request('/api/workspaces/strict/webhooks', {
        method: 'POST',
        json: {
          label: 'Outside',
          url: 'https://hooks.example.com/keel',
          events: ['issue.created'],
        },
      });
      expect(ok.status).toBe(201);
    } finally {
      await strict.server.close();
    }
  });
});
