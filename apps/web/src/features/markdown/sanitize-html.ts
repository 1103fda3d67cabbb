import DOMPurify from 'dompurify';
import { isSafeUrl } from './markdown-to-html.ts';

/**
 * The one place HTML from user text is made safe (needs a DOM, so it runs in the browser):
 * DOMPurify drops scripts, event handlers and unknown tags; links keep only safe schemes and open
 * in a new tab without giving the new page a handle on ours.
 */
let configured = false;

function configure() {
  if (configured) return;
  configured = true;
  DOMPurify.addHook('afterSanitizeAttributes', (node) => {
    if (node instanceof HTMLAnchorElement) {
      const href = node.getAttribute('href');
      if (href !== null && !isSafeUrl(href)) node.removeAttribute('href');
      node.setAttribute('target', '_blank');
      node.setAttribute('rel', 'noopener noreferrer');
    }
    if (node instanceof HTMLImageElement) {
      const src = node.getAttribute('src');
      if (src !== null && !isSafeUrl(src)) node.removeAttribute('src');
    }
  });
}

export function sanitizeHtml(html: string): string {
  configure();
  return DOMPurify.sanitize(html, {
    USE_PROFILES: { html: true },
    FORBID_TAGS: ['style', 'form', 'input', 'button', 'textarea', 'select', 'iframe'],
    FORBID_ATTR: ['style'],
    ADD_ATTR: ['target'],
  });
}
