/**
 * A minimal browser for server tests: a cookie jar and manual redirects, so a test can walk the
 * real OpenID Connect code flow through the embedded provider's pages.
 */
export class BrowserSession {
  readonly cookies = new Map<string, string>();

  /** `headers` go on every request, e.g. what a proxy in front of Keel would add. */
  constructor(
    readonly baseUrl: string,
    readonly headers: Record<string, string> = {},
  ) {}

  get origin() {
    return new URL(this.baseUrl).origin;
  }

  cookieHeader() {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  #remember(res: Response) {
    for (const line of res.headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      const eq = pair.indexOf('=');
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      if (/max-age=0|expires=thu, 01 jan 1970/i.test(line) || value === '')
        this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  /** One request, no redirect following; relative URLs are against the server. */
  async request(url: string, init: RequestInit & { json?: unknown } = {}): Promise<Response> {
    const headers = new Headers({
      ...this.headers,
      ...Object.fromEntries(new Headers(init.headers)),
    });
    if (this.cookies.size) headers.set('cookie', this.cookieHeader());
    const method = (init.method ?? 'GET').toUpperCase();
    if (!['GET', 'HEAD'].includes(method) && !headers.has('origin'))
      headers.set('origin', this.origin);
    let body = init.body;
    if (init.json !== undefined) {
      headers.set('content-type', 'application/json');
      body = JSON.stringify(init.json);
    }
    const res = await fetch(new URL(url, this.baseUrl), {
      ...init,
      method,
      headers,
      body,
      redirect: 'manual',
    });
    this.#remember(res);
    return res;
  }

  /** Follow redirects like a browser (303 → GET); returns the final response and its URL. */
  async follow(
    url: string,
    init: RequestInit & { json?: unknown } = {},
  ): Promise<{ res: Response; url: string }> {
    let current = new URL(url, this.baseUrl).href;
    let res = await this.request(current, init);
    for (let hops = 0; hops < 20 && res.status >= 300 && res.status < 400; hops++) {
      await res.body?.cancel();
      current = new URL(res.headers.get('location')!, current).href;
      res = await this.request(current);
    }
    return { res, url: current };
  }

  async form(url: string, fields: Record<string, string>) {
    return this.follow(url, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(fields).toString(),
    });
  }
}

/** Walk Sign in → Create an account → back to Keel; returns where the browser ended up. */
export async function signUp(
  browser: BrowserSession,
  account: { name: string; email: string; password: string },
  returnTo = '/',
): Promise<string> {
  const { res, url } = await browser.follow(`/auth/login?returnTo=${encodeURIComponent(returnTo)}`);
  const html = await res.text();
  const uid = /\/idp\/interaction\/([^/"]+)\/signup/.exec(html)?.[1];
  if (!uid) throw new Error(`No sign-up link on ${url}: ${html.slice(0, 300)}`);
  const done = await browser.form(`/idp/interaction/${uid}/signup`, account);
  await done.res.body?.cancel();
  return done.url;
}

export async function signIn(
  browser: BrowserSession,
  account: { email: string; password: string },
  returnTo = '/',
) {
  const { res } = await browser.follow(`/auth/login?returnTo=${encodeURIComponent(returnTo)}`);
  const html = await res.text();
  const uid = /\/idp\/interaction\/([^/"]+)\/login/.exec(html)?.[1];
  if (!uid) throw new Error(`No sign-in form: ${html.slice(0, 300)}`);
  return browser.form(`/idp/interaction/${uid}/login`, account);
}

let counter = 0;
export function newAccount(prefix = 'user') {
  counter++;
  const id = `${prefix}${counter}-${Math.random().toString(36).slice(2, 8)}`;
  return { name: `Test ${id}`, email: `${id}@example.com`, password: 'correct horse battery' };
}
