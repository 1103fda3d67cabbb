import { describe, expect, it } from 'vitest';
import { formatMention } from '@keel/domain';
import { escapeHtml, isSafeUrl, markdownToHtml } from './markdown-to-html.ts';

describe('markdownToHtml', () => {
  it('renders GitHub-flavoured Markdown', () => {
    const html = markdownToHtml('# Steps\n\n- **one**\n- `two`\n\n[docs](https://keel.dev)');
    expect(html).toContain('<h1>Steps</h1>');
    expect(html).toContain('<strong>one</strong>');
    expect(html).toContain('<code>two</code>');
    expect(html).toContain('<a href="https://keel.dev">docs</a>');
  });

  it('turns mentions into a highlighted current name, escaped', () => {
    const text = `ping ${formatMention('Old name', 'u1')}`;
    expect(markdownToHtml(text, { nameOf: () => 'Ada <b>' })).toBe(
      '<p>ping <span class="mention" data-user-id="u1">@Ada &lt;b&gt;</span></p>\n',
    );
    expect(markdownToHtml(text)).toContain('>@Old name</span>');
    // The names belong to the parse that was given them.
    expect(markdownToHtml(text)).not.toContain('Ada');
  });

  it('leaves a mention inside code as the text that was typed', () => {
    const mention = formatMention('Ada', 'u1');
    const html = markdownToHtml(`\`${mention}\`\n\n\`\`\`\n${mention}\n\`\`\``, {
      nameOf: () => 'Ada',
    });
    expect(html).not.toContain('class="mention"');
    expect(html).toContain('<code>@[Ada](user:u1)</code>');
    expect(html).toContain('<pre><code>@[Ada](user:u1)\n</code></pre>');
  });

  it('finds mentions beside Markdown: in emphasis, lists and after a link', () => {
    const mention = formatMention('Ada', 'u1');
    const html = markdownToHtml(`- **${mention}** and [docs](https://x.y) ${mention}`);
    expect(html.match(/class="mention"/g)).toHaveLength(2);
    expect(html).toContain('<a href="https://x.y">docs</a>');
  });

  it('links the keys of issues that exist, as words, never in code or another link', () => {
    const issueHref = (key: string) =>
      ['ENG-1', 'OPS-12'].includes(key) ? `/acme/issue/${key}` : undefined;
    const html = markdownToHtml(
      [
        'See ENG-1, (OPS-12) and ENG-99.',
        'Not XENG-1, ENG-10, ENG-1x, a/ENG-1 or `ENG-1`.',
        '[ENG-1 in a link](https://x.y) https://x.y/ENG-1',
        '**ENG-1**',
      ].join('\n\n'),
      { issueHref },
    );
    const links = [...html.matchAll(/<a class="issue-link" href="([^"]+)">([^<]+)<\/a>/g)];
    expect(links.map((m) => [m[1], m[2]])).toEqual([
      ['/acme/issue/ENG-1', 'ENG-1'],
      ['/acme/issue/OPS-12', 'OPS-12'],
      ['/acme/issue/ENG-1', 'ENG-1'],
    ]);
    expect(html).toContain('<code>ENG-1</code>');
    expect(html).toContain('<a href="https://x.y">ENG-1 in a link</a>');
    // Without a resolver (or for a key that does not exist) it is plain text.
    expect(markdownToHtml('See ENG-1')).toBe('<p>See ENG-1</p>\n');
  });

  it('numbers task boxes, names them by their item, and marks them with the parse’s nonce', () => {
    const text = '- [ ] Write **the** docs\n- [x] Ask @[Ada](user:u1) [here](https://x.y)';
    const html = markdownToHtml(text, { tasks: { editable: true, nonce: 'abc' } });
    expect(html).toContain(
      '<input type="checkbox" class="task-checkbox" data-task="0" data-task-nonce="abc" aria-label="Write the docs">',
    );
    expect(html).toContain(
      'data-task="1" data-task-nonce="abc" aria-label="Ask @Ada here" checked>',
    );
    // Read only: shown, disabled. Without task options: marked's own disabled box.
    expect(markdownToHtml(text, { tasks: { editable: false, nonce: 'n' } })).toContain(
      'aria-label="Write the docs" disabled>',
    );
    expect(markdownToHtml(text)).toContain('<input disabled="" type="checkbox">');
  });

  it('escapes HTML special characters', () => {
    expect(escapeHtml(`<a href="x">'&`)).toBe('&lt;a href=&quot;x&quot;&gt;&#39;&amp;');
  });

  it('allows web and mail links and relative paths, refuses script and data URLs', () => {
    for (const url of ['https://a.b', 'http://a.b', 'mailto:a@b.c', '/acme/issue/ENG-1', '#x'])
      expect(isSafeUrl(url)).toBe(true);
    for (const url of ['javascript:alert(1)', 'JaVaScRiPt:x', 'java\tscript:x', ' javascript:x'])
      expect(isSafeUrl(url)).toBe(false);
    expect(isSafeUrl('data:text/html,<script>')).toBe(false);
    expect(isSafeUrl('vbscript:x')).toBe(false);
  });
});
