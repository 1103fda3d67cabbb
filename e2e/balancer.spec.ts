import { expect, test, type BrowserContext } from '@playwright/test';
import { newAccount, newSlug } from './support/accounts.ts';
import {
  INSTANCE_HEADER,
  PIN_HEADER,
  startCluster,
  type Cluster,
  type InstanceName,
} from './support/balancer.ts';
import { KeelPage } from './support/keel-page.ts';
import { SYNCED } from './support/team.ts';

/**
 * Two Keel instances over one database behind a real load balancer (HAProxy, round-robin, no
 * stickiness): nothing a person does may depend on which instance answers, and losing one
 * instance mid-sync loses nothing. This spec starts its own database, instances and balancer;
 * the main suite's server is not used.
 */
let cluster: Cluster;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  cluster = await startCluster();
});

test.afterAll(async () => {
  await cluster?.stop();
});

/** The instances (named by the balancer) that answered this context's requests to `path`. */
function answeredBy(context: BrowserContext, path: RegExp, pin?: () => InstanceName) {
  const seen: string[] = [];
  context.on('response', (response) => {
    const instance = response.headers()[INSTANCE_HEADER];
    if (!instance || !path.test(new URL(response.url()).pathname)) return;
    if (!pin) return void seen.push(instance);
    // Pinned: a request sent before the pin moved (a longpoll answered after) is not counted.
    void response
      .request()
      .headerValue(PIN_HEADER)
      .then((sent) => {
        if (sent === pin()) seen.push(instance);
      });
  });
  return seen;
}

/**
 * Whether, once both browsers are synced, `instance` holds a request of theirs for half a second
 * on end: a live request waiting for news.
 */
async function waitingOn(instance: InstanceName, ...browsers: KeelPage[]) {
  for (const keel of browsers) await expect(keel.syncIndicator()).toHaveText('Synced', SYNCED);
  for (let i = 0; i < 5; i++) {
    if ((await cluster.openRequests(instance)) === 0) return false;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return true;
}

/** Every issue title in every workspace database, read from the database itself. */
async function issueTitlesInDatabase(): Promise<string[]> {
  const { url, authorization } = cluster.database;
  const read = async <T>(path: string) =>
    (await (await fetch(url + path, { headers: { authorization } })).json()) as T;
  const dbs = (await read<string[]>('/_all_dbs')).filter((db) => db.startsWith('keel_ws_'));
  const titles: string[] = [];
  for (const db of dbs) {
    const all = await read<{ rows: { doc?: { type?: string; title?: string } }[] }>(
      `/${db}/_all_docs?include_docs=true`,
    );
    for (const { doc } of all.rows) if (doc?.type === 'issue' && doc.title) titles.push(doc.title);
  }
  return titles;
}

test('signed in through instance a alone, the same session syncs through instance b alone', async ({
  browser,
}) => {
  // The balancer sends a request carrying the pin header to that instance only: the browser
  // stays on Keel's public address (its requests must come from that origin) while one
  // instance answers everything.
  const context = await browser.newContext({
    baseURL: cluster.publicUrl,
    extraHTTPHeaders: { [PIN_HEADER]: 'a' },
  });
  let pinned: InstanceName = 'a';
  const seen = answeredBy(context, /^\/(auth|idp|api|db)\//, () => pinned);
  const keel = new KeelPage(await context.newPage());
  await keel.signUp(newAccount('pinned'));
  const slug = newSlug('pinned');
  await keel.createWorkspace('Pinned', slug);
  await keel.page.goto(`/${slug}/issues`);
  await keel.createIssue('Written through instance a');
  await expect(keel.syncIndicator()).toHaveText('Synced', SYNCED);
  expect(seen.length).toBeGreaterThan(5);
  expect(new Set(seen)).toEqual(new Set(['a']));

  seen.length = 0;
  pinned = 'b';
  await context.setExtraHTTPHeaders({ [PIN_HEADER]: 'b' });
  await keel.page.reload();
  await expect(keel.issueRow('Written through instance a')).toBeVisible();
  await keel.createIssue('Written through instance b');
  await expect(keel.syncIndicator()).toHaveText('Synced', SYNCED);
  expect(seen.length).toBeGreaterThan(5);
  expect(new Set(seen)).toEqual(new Set(['b']));
  const me = await keel.page.request.get('/api/me');
  expect(me.status()).toBe(200);
  expect(me.headers()[INSTANCE_HEADER]).toBe('b');

  await expect
    .poll(issueTitlesInDatabase)
    .toEqual(expect.arrayContaining(['Written through instance a', 'Written through instance b']));
  await context.close();
});

test('through the balancer: sign-in crosses instances, and one instance killed mid-sync loses nothing', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const account = newAccount('balanced');
  const first = await browser.newContext({ baseURL: cluster.publicUrl });
  const signIn = answeredBy(first, /^\/(auth|idp)\//);
  const a = new KeelPage(await first.newPage());
  await a.signUp(account);
  // The code flow's steps (start, provider pages, callback) were answered by both instances.
  expect(new Set(signIn)).toEqual(new Set(['a', 'b']));
  const slug = newSlug('balanced');
  await a.createWorkspace('Balanced', slug);
  await a.page.goto(`/${slug}/issues`);
  await a.createIssue('Before the balancer test');

  const second = await browser.newContext({ baseURL: cluster.publicUrl });
  const synced = answeredBy(second, /^\/db\//);
  const b = new KeelPage(await second.newPage());
  await b.signIn(account);
  await b.page.goto(`/${slug}/issues`);
  await expect(b.issueRow('Before the balancer test')).toBeVisible(SYNCED);
  await a.createIssue('From the first browser');
  await expect(b.issueRow('From the first browser')).toBeVisible(SYNCED);
  await b.createIssue('From the second browser');
  await expect(a.issueRow('From the second browser')).toBeVisible(SYNCED);
  expect(new Set(synced)).toEqual(new Set(['a', 'b']));

  // The first browser types changes until instance a holds one of the browsers' live requests
  // (waiting for news); a is killed while the next change is typed, and five more follow. The
  // balancer replays a request cut before its answer began on b, and takes a out of rotation.
  const titles: string[] = [];
  const type = async () => {
    const title = `Typed during the failover ${titles.length + 1}`;
    titles.push(title);
    await a.createIssue(title);
  };
  do {
    await type();
    expect(titles.length, 'instance a never held a live request').toBeLessThan(20);
  } while (!(await waitingOn('a', a, b)));
  const sinceKill = [answeredBy(first, /^\//), answeredBy(second, /^\//)];
  await Promise.all([cluster.kill('a'), type()]);
  for (let i = 0; i < 5; i++) await type();

  for (const title of titles) await expect(b.issueRow(title)).toBeVisible(SYNCED);
  await expect(a.syncIndicator()).toHaveText('Synced', SYNCED);
  await expect(b.syncIndicator()).toHaveText('Synced', SYNCED);
  const stored = await issueTitlesInDatabase();
  for (const title of titles) expect(stored.filter((t) => t === title)).toHaveLength(1);
  // Everything since was answered by b.
  expect(new Set(sinceKill.flat())).toEqual(new Set(['b']));
  await first.close();
  await second.close();
});
