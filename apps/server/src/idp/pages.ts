import { MIN_PASSWORD } from './accounts.ts';
import { PAGE_STYLE } from './page-style.ts';

/**
 * The embedded provider's pages: plain server-rendered HTML, no script, with SPEC §2's accessible
 * names, in Keel's look (page-style.ts). A refusal about one field marks that field: invalid,
 * described by the message, and focused when the page loads.
 */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** Keel's mark, as the app's favicon.svg draws it; inline, so the page needs no other request. */
const LOGO = `<svg class="card__logo" data-testid="keel-logo" aria-hidden="true" focusable="false" xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32" width="40" height="40"><rect width="32" height="32" rx="7" fill="#5e6ad2"/><path d="M9 20h14l-3 4H12z M15 7v12 M15 8l7 9h-7" fill="none" stroke="#fff" stroke-width="2" stroke-linejoin="round" stroke-linecap="round"/></svg>`;

export const PASSWORD_RULE = `At least ${MIN_PASSWORD} characters.`;

export function layout(title: string, heading: string, sub: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><meta name="color-scheme" content="light dark"><title>${escapeHtml(title)} · Keel</title><style>${PAGE_STYLE}</style></head><body><main class="page"><div class="card"><div class="card__head">${LOGO}<h1 class="card__title">${heading}</h1><p class="card__sub">${sub}</p></div>${body}</div></main></body></html>`;
}

interface FieldOptions {
  value?: string;
  autocomplete: string;
  hint?: string;
  /** The message about this field, shown under it. */
  error?: string;
  /** The id of a message shown elsewhere (the banner) that is about this field. */
  errorElsewhere?: string;
  focus?: boolean;
  minLength?: number;
}

function field(id: string, label: string, type: string, options: FieldOptions): string {
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  // A message about the field says its rule again; the hint would only repeat it.
  const hint = options.error ? undefined : options.hint;
  const describedBy = [
    options.errorElsewhere,
    options.error ? errorId : null,
    hint ? hintId : null,
  ].filter(Boolean);
  const invalid = Boolean(options.error || options.errorElsewhere);
  const attributes = [
    `id="${id}"`,
    `name="${id}"`,
    `type="${type}"`,
    'class="field__control"',
    'required',
    `autocomplete="${options.autocomplete}"`,
    options.minLength ? `minlength="${options.minLength}"` : '',
    type === 'password' ? '' : `value="${escapeHtml(options.value ?? '')}"`,
    invalid ? 'aria-invalid="true"' : '',
    describedBy.length ? `aria-describedby="${describedBy.join(' ')}"` : '',
    options.focus ? 'autofocus' : '',
  ].filter(Boolean);
  return `<div class="field"><label class="field__label" for="${id}">${label}</label><input ${attributes.join(' ')}>${
    options.error ? `<p class="field__error" id="${errorId}">${escapeHtml(options.error)}</p>` : ''
  }${hint ? `<p class="field__hint" id="${hintId}">${escapeHtml(hint)}</p>` : ''}</div>`;
}

const ALERT_ID = 'form-error';

const banner = (error?: string) =>
  error ? `<p class="alert" id="${ALERT_ID}" role="alert">${escapeHtml(error)}</p>` : '';

/** Which field a sign-in refusal is about; the message itself shows in the banner. */
export type SignInField = 'email' | 'password';

export function signInPage(
  uid: string,
  options: { email?: string; error?: string; field?: SignInField } = {},
): string {
  const about = (name: SignInField) => (options.field === name ? ALERT_ID : undefined);
  const focusPassword = options.field === 'password' || (!options.field && Boolean(options.email));
  return layout(
    'Sign in',
    'Sign in to Keel',
    'Use the email and password of your Keel account.',
    `${banner(options.error)}<form class="form" method="post" action="/idp/interaction/${escapeHtml(uid)}/login" novalidate>${field(
      'email',
      'Email',
      'email',
      {
        value: options.email,
        autocomplete: 'email',
        errorElsewhere: about('email'),
        focus: !focusPassword,
      },
    )}${field('password', 'Password', 'password', {
      autocomplete: 'current-password',
      errorElsewhere: about('password'),
      focus: focusPassword,
    })}<button class="button" type="submit">Continue</button></form><p class="alt">New to Keel? <a href="/idp/interaction/${escapeHtml(uid)}/signup">Create an account</a></p>`,
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
  // The first field with a message takes the focus, so the person lands where the fix is.
  const first = ['name', 'email', 'password'].find((name) => fe[name]) ?? 'name';
  return layout(
    'Create an account',
    'Create your account',
    'It takes a few seconds.',
    `${banner(options.error)}<form class="form" method="post" action="/idp/interaction/${escapeHtml(uid)}/signup" novalidate>${field(
      'name',
      'Name',
      'text',
      { value: options.name, error: fe.name, autocomplete: 'name', focus: first === 'name' },
    )}${field('email', 'Email', 'email', {
      value: options.email,
      error: fe.email,
      autocomplete: 'email',
      focus: first === 'email',
    })}${field('password', 'Password', 'password', {
      error: fe.password,
      hint: PASSWORD_RULE,
      autocomplete: 'new-password',
      minLength: MIN_PASSWORD,
      focus: first === 'password',
    })}<button class="button" type="submit">Create account</button></form><p class="alt">Already have an account? <a href="/idp/interaction/${escapeHtml(uid)}">Sign in</a></p>`,
  );
}

/** oidc-provider's end-session confirmation, in Keel's look; `form` is the provider's own form. */
export function signOutPage(form: string): string {
  return layout(
    'Sign out',
    'Sign out of Keel?',
    'You will need your password to sign in again.',
    `${form}<button class="button" type="submit" form="op.logoutForm" name="logout" value="yes" autofocus>Sign out</button><p class="alt"><a href="/">Stay signed in</a></p>`,
  );
}

export function signedOutPage(): string {
  return layout(
    'Signed out',
    'You’re signed out',
    'See you soon.',
    `<p class="alt"><a href="/signin">Back to Keel</a></p>`,
  );
}

export function errorPage(message: string): string {
  return layout(
    'Sign-in error',
    'Sign-in didn’t work',
    escapeHtml(message),
    `<p class="alt"><a href="/signin">Back to Keel</a></p>`,
  );
}
