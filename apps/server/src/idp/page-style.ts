import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { REPO_ROOT } from '../repo-root.ts';

/**
 * The stylesheet of the provider's pages. Colours, type and spacing come from the web app's own
 * design tokens, read from its source, so these pages look like Keel's sign-in page in both
 * schemes and follow every change to the tokens; the rules below mirror the app's sign-in card,
 * fields and primary button (apps/web/src/features/auth, apps/web/src/shared/ui).
 */
const TOKENS = fs.readFileSync(
  path.join(REPO_ROOT, 'apps/web/src/shared/styles/tokens.css'),
  'utf8',
);

const RULES = `
*,*::before,*::after{box-sizing:border-box}
html{color-scheme:light dark;-webkit-text-size-adjust:100%}
body{margin:0;font-family:var(--font-sans);font-size:var(--text-md);line-height:var(--leading);color:var(--color-text);background:var(--color-bg-subtle);-webkit-font-smoothing:antialiased}
h1,p{margin:0}
.page{display:grid;place-items:center;min-height:100vh;padding:var(--space-6)}
.card{display:flex;flex-direction:column;gap:var(--space-3);width:min(360px,100%);padding:var(--space-7) var(--space-6);border:1px solid var(--color-border);border-radius:var(--radius-lg);background:var(--color-bg)}
.card__head{display:flex;flex-direction:column;align-items:center;gap:var(--space-3);margin-bottom:var(--space-3);text-align:center}
.card__logo{display:block;width:40px;height:40px}
.card__title{font-size:var(--text-xl);font-weight:600}
.card__sub{color:var(--color-text-muted)}
.form{display:flex;flex-direction:column;gap:var(--space-5)}
.field{display:flex;flex-direction:column;gap:var(--space-2)}
.field__label{font-size:var(--text-sm);font-weight:500;color:var(--color-text-muted)}
.field__hint{font-size:var(--text-sm);color:var(--color-text-faint)}
.field__error{font-size:var(--text-sm);color:var(--color-danger)}
.field__control{width:100%;height:var(--row-height);padding:var(--space-2) var(--space-3);border:1px solid var(--color-border-strong);border-radius:var(--radius-md);background:var(--color-bg);font:inherit;color:inherit}
.field__control:hover{border-color:var(--color-text-faint)}
.field__control:focus-visible{outline:none;border-color:var(--color-focus);box-shadow:0 0 0 2px var(--color-accent-subtle)}
.field__control[aria-invalid='true']{border-color:var(--color-danger)}
.button{display:inline-flex;align-items:center;justify-content:center;width:100%;height:var(--row-height);margin-top:var(--space-3);padding:0 var(--space-4);border:1px solid transparent;border-radius:var(--radius-md);background:var(--color-accent);color:var(--color-accent-text);font:inherit;font-weight:500;cursor:pointer;transition:background-color 80ms ease}
.button:hover{background:var(--color-accent-hover)}
:focus-visible{outline:2px solid var(--color-focus);outline-offset:1px;border-radius:var(--radius-sm)}
.button:focus-visible{border-radius:var(--radius-md);outline-offset:2px}
.alert{padding:var(--space-3) var(--space-4);border-radius:var(--radius-md);background:var(--color-danger-subtle);color:var(--color-danger)}
.alt{margin-top:var(--space-4);color:var(--color-text-muted);text-align:center}
.alt a{color:var(--color-accent-strong);font-weight:500;text-decoration:underline;text-underline-offset:2px}
.visually-hidden{position:absolute;width:1px;height:1px;padding:0;margin:-1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap;border:0}
`;

export const PAGE_STYLE = `${TOKENS}\n${RULES}`;

/** The style's hash for the pages' Content-Security-Policy: no other style, and no script. */
export const PAGE_STYLE_HASH = `'sha256-${createHash('sha256').update(PAGE_STYLE).digest('base64')}'`;

/** The Content-Security-Policy of every page the provider serves. */
export const PAGE_CSP = [
  "default-src 'none'",
  `style-src ${PAGE_STYLE_HASH}`,
  "img-src 'self' data:",
  "form-action 'self'",
  "frame-ancestors 'none'",
  "base-uri 'none'",
].join('; ');
