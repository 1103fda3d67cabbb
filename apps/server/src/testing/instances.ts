import { BrowserSession } from './browser-session.ts';
import { startTestServer, type TestServer } from './test-server.ts';

/** Another instance on `server`'s database, as a second instance behind a balancer is. */
export function anotherInstance(
  server: TestServer,
  options: Parameters<typeof startTestServer>[0] = {},
): Promise<TestServer> {
  const { url, user, password } = server.database;
  return startTestServer({
    ...options,
    env: {
      ...options.env,
      COUCHDB_URL: url,
      ...(user !== undefined && { COUCHDB_USER: user }),
      ...(password !== undefined && { COUCHDB_PASSWORD: password }),
      KEEL_APP_DB: server.store.db,
    },
  });
}

/** The same person's browser, its requests sent to `server` instead (another instance). */
export function through(server: TestServer, browser: BrowserSession): BrowserSession {
  const moved = new BrowserSession(server.url);
  for (const [name, value] of browser.cookies) moved.cookies.set(name, value);
  return moved;
}
