import { escapeHtml } from './provider.ts';

/** The embedded provider's pages: plain server-rendered HTML with SPEC §2's accessible names. */
const STYLE = `
:root{color-scheme:light dark;--bg:#f7f7f8;--card:#fff;--text:#1c1d21;--muted:#62666d;--border:#e1e2e6;--accent:#5e6ad2;--button:#5e6ad2;--danger:#c9372c}
@media (prefers-color-scheme:dark){:root{--bg:#101114;--card:#191a1f;--text:#e8e9ec;--muted:#9a9ea6;--border:#2c2e35;--accent:#a3aaf5;--button:#5e6ad2;--danger:#f87168}}
*{box-sizing:border-box}body{margin:0;min-height:100vh;display:grid;place-items:center;background:var(--bg);color:var(--text);font:14px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif}
main{width:min(360px,92vw);background:var(--card);border:1px solid var(--border);border-radius:12px;padding:32px}
h1{font-size:20px;margin:0 0 4px}p.sub{color:var(--muted);margin:0 0 24px}
label{display:block;font-weight:500;margin:16px 0 6px}
input{width:100%;padding:8px 10px;font:inherit;color:inherit;background:transparent;border:1px solid var(--border);border-radius:6px}
input:focus{outline:2px solid var(--accent);outline-offset:1px}
button{margin-top:24px;width:100%;padding:9px;font:inherit;font-weight:600;color:#fff;background:var(--button);border:0;border-radius:6px;cursor:pointer}
button:focus-visible{outline:2px solid var(--text);outline-offset:2px}
.error{color:var(--danger);background:color-mix(in srgb,var(--danger) 10%,transparent);padding:8px 10px;border-radius:6px;margin:0 0 8px}
.field-error{color:var(--danger);font-size:13px;margin:4px 0 0}
.alt{margin-top:20px;text-align:center;color:var(--muted)}a{color:var(--accent)}
.brand{font-weight:700;letter-spacing:-.01em;margin-bottom:20px;display:flex;gap:8px;align-items:center}
.brand span{display:inline-block;width:18px;height:18px;border-radius:5px;background:var(--accent)}`;

export function layout(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(title)} · Keel</title><style>${STYLE}</style></head><body><main><div class="brand" aria-hidden="true"><span></span>Keel</div>${body}</main></body></html>`;
}

function field(
  id: string,
  label: string,
  type: string,
  options: { value?: string; error?: string; autocomplete: string; autofocus?: boolean },
): string {
  const errorId = `${id}-error`;
  return `<label for="${id}">${label}</label><input id="${id}" name="${id}" type="${type}" required autocomplete="${options.autocomplete}"${options.autofocus ? ' autofocus' : ''} value="${escapeHtml(options.value ?? '')}"${options.error ? ` aria-invalid="true" aria-describedby="${errorId}"` : ''}>${options.error ? `<p class="field-error" id="${errorId}">${escapeHtml(options.error)}</p>` : ''}`;
}

const banner = (error?: string) =>
  error ? `<p class="error" role="alert">${escapeHtml(error)}</p>` : '';

export function signInPage(uid: string, options: { email?: string; error?: string } = {}): string {
  return layout(
    'Sign in',
    `<h1>Sign in to Keel</h1><p class="sub">Use the email and password of your Keel account.</p>${banner(options.error)}
<form method="post" action="/idp/interaction/${escapeHtml(uid)}/login" novalidate>
${field('email', 'Email', 'email', { value: options.email, autocomplete: 'email', autofocus: true })}
${field('password', 'Password', 'password', { autocomplete: 'current-password' })}
<button type="submit">Continue</button></form>
<p class="alt">New to Keel? <a href="/idp/interaction/${escapeHtml(uid)}/signup">Create an account</a></p>`,
  );
}

export function signUpPage(
  uid: string,
  options: {
    name?: string;
    email?: string;
    error?: string;
    fieldErrors?: Record<string, string>;
  } = {},
): string {
  const fe = options.fieldErrors ?? {};
  return layout(
    'Create an account',
    `<h1>Create your account</h1><p class="sub">It takes a few seconds.</p>${banner(options.error)}
<form method="post" action="/idp/interaction/${escapeHtml(uid)}/signup" novalidate>
${field('name', 'Name', 'text', { value: options.name, error: fe.name, autocomplete: 'name', autofocus: true })}
${field('email', 'Email', 'email', { value: options.email, error: fe.email, autocomplete: 'email' })}
${field('password', 'Password', 'password', { error: fe.password, autocomplete: 'new-password' })}
<button type="submit">Create account</button></form>
<p class="alt">Already have an account? <a href="/idp/interaction/${escapeHtml(uid)}">Sign in</a></p>`,
  );
}

/** oidc-provider's end-session confirmation, in Keel's look; `form` is the provider's own form. */
export function signOutPage(form: string): string {
  return layout(
    'Sign out',
    `<h1>Sign out of Keel?</h1><p class="sub">You will need your password to sign in again.</p>${form}<button type="submit" form="op.logoutForm" name="logout" value="yes" autofocus>Sign out</button><p class="alt"><a href="/">Stay signed in</a></p>`,
  );
}

export function signedOutPage(): string {
  return layout(
    'Signed out',
    `<h1>You're signed out</h1><p class="sub">See you soon.</p><p class="alt"><a href="/signin">Back to Keel</a></p>`,
  );
}
