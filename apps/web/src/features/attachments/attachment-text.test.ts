import { describe, expect, it } from 'vitest';
import { attachmentMarkdown, formatBytes } from './attachment-text.ts';

describe('attachmentMarkdown', () => {
  const url = '/files/acme/attachment:abc';

  it('shows a picture inline and links any other file with its name and size', () => {
    expect(attachmentMarkdown({ name: 'shot.png', type: 'image/png', size: 2048 }, url)).toBe(
      `![shot.png](${url})`,
    );
    expect(
      attachmentMarkdown({ name: 'report.pdf', type: 'application/pdf', size: 3_500_000 }, url),
    ).toBe(`[report.pdf (3.3 MB)](${url})`);
    // An SVG is a drawing that can run scripts: a link, never shown in the page.
    expect(attachmentMarkdown({ name: 'logo.svg', type: 'image/svg+xml', size: 900 }, url)).toBe(
      `[logo.svg (900 B)](${url})`,
    );
  });

  it('keeps Markdown in a name from breaking the link', () => {
    expect(attachmentMarkdown({ name: 'a]b[c*_.txt', type: 'text/plain', size: 1 }, url)).toBe(
      `[a\\]b\\[c\\*\\_.txt (1 B)](${url})`,
    );
    expect(attachmentMarkdown({ name: '', type: '', size: 5 }, url)).toBe(`[file (5 B)](${url})`);
  });
});

describe('formatBytes', () => {
  it('reads as a person would say it', () => {
    expect(
      [0, 1023, 1024, 1536, 10 * 1024, 25 * 1024 * 1024, 5 * 1024 ** 3].map(formatBytes),
    ).toEqual(['0 B', '1023 B', '1 KB', '1.5 KB', '10 KB', '25 MB', '5 GB']);
  });
});
