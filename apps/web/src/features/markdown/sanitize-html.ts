import DOMPurify from 'dompurify';
import { isSafeUrl } from './markdown-to-html.ts';

/**
 * The one place HTML from user text is made safe (needs a DOM, so it runs in the browser):
 * DOMPurify drops scripts, event handlers and unknown tags; links keep only safe schemes and open
 * in a new tab without giving the new page a handle on ours (a link within Keel, such as an
 * issue key's, stays in this tab). The only form control kept is a task box the Markdown
 * renderer made for this call: it carries the call's nonce, which no text can know.
 */
let configured = false;
let taskNonce: string | null = null;

/** A path on this site: one slash, then not another or a backslash (`//host` is elsewhere). */
export const isInternalHref = (href: string) => /^\/(?![/\\])/.test(href);

/** A file attached to an issue (SPEC §11): fetched from the server, never a page of the app. */
export const isFileHref = (href: string) => href.startsWith('/files/');

function configure() {
  if (configured) return;
  configured = true;
  DOMPurify.addHook('afterSanitizeAttributes', (node) => {
    if (node instanceof HTMLAnchorElement) {
      const href = node.getAttribute('href');
      if (href !== null && !isSafeUrl(href)) node.removeAttribute('href');
      const internal = href !== null && isInternalHref(href);
      if (internal) node.removeAttribute('target');
      else node.setAttribute('target', '_blank');
      node.setAttribute('rel', 'noopener noreferrer');
    }
    if (node instanceof HTMLInputElement) {
      const ours =
        taskNonce !== null &&
        node.getAttribute('type') === 'checkbox' &&
        node.getAttribute('data-task-nonce') === taskNonce &&
        /^\d+$/.test(node.getAttribute('data-task') ?? '');
      if (!ours) return node.remove();
      node.removeAttribute('data-task-nonce');
    }
    if (node instanceof HTMLImageElement) {
      const src = node.getAttribute('src');
      if (src !== null && !isSafeUrl(src)) node.removeAttribute('src');
    }
  });
}

/** `nonce`: the task boxes' mark from markdownToHtml's options, when it made any. */
export function sanitizeHtml(html: string, nonce?: string): string {
  configure();
  taskNonce = nonce ?? null;
  try {
    return DOMPurify.sanitize(html, {
      USE_PROFILES: { html: true },
      FORBID_TAGS: ['style', 'form', 'button', 'textarea', 'select', 'iframe'],
      FORBID_ATTR: ['style'],
      ADD_ATTR: ['target'],
    });
  } finally {
    taskNonce = null;
  }
}
