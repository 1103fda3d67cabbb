import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BrowserSession, newAccount, signUp } from '../testing/browser-session.ts';
import { startTestServer, type TestServer } from '../testing/test-server.ts';

/**
 * The provider's pages run no script and carry one known stylesheet: their Content-Security-Policy
 * allows exactly that, on the pages Keel renders and on those the provider writes itself.
 */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

function expectStrictPolicy(res: Response, html: string) {
  const csp = res.headers.get('content-security-policy') ?? '';
  expect(csp).toContain("default-src 'none'");
  expect(csp).not.toContain('unsafe-inline');
  expect(csp).not.toContain('script-src');
  expect(html).not.toContain('<script');
  expect(html).not.toMatch(/\sstyle="/);
  const styles = [...html.matchAll(/<style>([\s\S]*?)<\/style>/g)].map((m) => m[1]!);
  expect(styles).toHaveLength(1);
  const hash = createHash('sha256').update(styles[0]!).digest('base64');
  expect(csp).toContain(`style-src 'sha256-${hash}'`);
  expect(res.headers.get('x-frame-options')).toBe('DENY');
}

async function signInPage(browser: BrowserSession) {
  const { res } = await browser.follow('/auth/login');
  const html = await res.text();
  const uid = /\/idp\/interaction\/([^/"]+)\/login/.exec(html)![1]!;
  return { res, html, uid };
}

describe("the provider's pages", () => {
  it('sign-in and sign-up have a strict policy, and state the password rule', async () => {
    const browser = new BrowserSession(server.url);
    const signIn = await signInPage(browser);
    expectStrictPolicy(signIn.res, signIn.html);
    expect(signIn.html).not.toContain('At least 10 characters');

    const signUpRes = await browser.request(`/idp/interaction/${signIn.uid}/signup`);
    const signUpHtml = await signUpRes.text();
    expectStrictPolicy(signUpRes, signUpHtml);
    expect(signUpHtml).toMatch(
      /<input id="password"[^>]*aria-describedby="password-hint"[^>]*>.*<p class="field__hint" id="password-hint">At least 10 characters\.<\/p>/,
    );
  });

  it('an empty email marks the email field, an empty password the password field', async () => {
    const browser = new BrowserSession(server.url);
    const { uid } = await signInPage(browser);
    const noEmail = await browser.form(`/idp/interaction/${uid}/login`, {
      email: '',
      password: 'whatever it is',
    });
    expect(noEmail.res.status).toBe(422);
    const html = await noEmail.res.text();
    expect(html).toMatch(/<input id="email"[^>]*aria-invalid="true"[^>]*autofocus>/);
    expect(html).not.toMatch(/<input id="password"[^>]*aria-invalid/);

    const noPassword = await browser.form(`/idp/interaction/${uid}/login`, {
      email: 'someone@example.com',
      password: '',
    });
    const again = await noPassword.res.text();
    expect(again).toMatch(/<input id="password"[^>]*aria-invalid="true"[^>]*autofocus>/);
    expect(again).toContain('value="someone@example.com"');
  });

  it("the provider's own sign-out and error pages have the same policy", async () => {
    const browser = new BrowserSession(server.url);
    await signUp(browser, newAccount('out'));
    const out = await browser.request('/auth/logout', { method: 'POST' });
    const { endSessionUrl } = (await out.json()) as { endSessionUrl: string };
    const confirm = await browser.request(endSessionUrl);
    const html = await confirm.text();
    expect(html).toContain('Sign out of Keel?');
    expectStrictPolicy(confirm, html);

    const error = await browser.request('/idp/auth?client_id=nobody&response_type=code');
    const errorHtml = await error.text();
    expect(errorHtml).toContain('Sign-in didn’t work');
    expectStrictPolicy(error, errorHtml);
  });
});
