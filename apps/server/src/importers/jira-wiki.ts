/**
 * Jira's wiki markup (a description or comment in its CSV export) as Markdown: headings, bold,
 * italics, strike, monospace, links, lists, quotes, code and noformat blocks, tables' rows, and
 * mentions ([~name] → @name). Anything else stays as written: readable, never lost.
 */
export function jiraWikiToMarkdown(text: string): string {
  const out: string[] = [];
  let block: 'code' | null = null;
  for (const line of text.replace(/\r\n?/g, '\n').split('\n')) {
    const fence = /^\s*\{(code|noformat)(?::([^}]*))?\}\s*$/.exec(line);
    if (fence) {
      if (block) {
        out.push('```');
        block = null;
      } else {
        const language = fence[2]?.split('|')[0]?.replace(/^language=/, '') ?? '';
        out.push('```' + (fence[1] === 'code' && !language.includes('=') ? language : ''));
        block = 'code';
      }
      continue;
    }
    if (block) {
      out.push(line);
      continue;
    }
    out.push(convertLine(line));
  }
  if (block) out.push('```');
  return out.join('\n');
}

function convertLine(line: string): string {
  const heading = /^h([1-6])\.\s+(.*)$/.exec(line);
  if (heading) return `${'#'.repeat(Number(heading[1]))} ${inline(heading[2]!)}`;
  const quote = /^bq\.\s+(.*)$/.exec(line);
  if (quote) return `> ${inline(quote[1]!)}`;
  const list = /^([*#-]+)\s+(.*)$/.exec(line);
  if (list && !/^-{4,}$/.test(line.trim())) {
    const marks = list[1]!;
    const depth = marks.length - 1;
    const bullet = marks.endsWith('#') ? '1.' : '-';
    return `${'  '.repeat(depth)}${bullet} ${inline(list[2]!)}`;
  }
  if (/^-{4,}\s*$/.test(line)) return '---';
  const header = /^\|\|(.*)\|\|\s*$/.exec(line);
  if (header) {
    const cells = header[1]!.split('||').map((c) => inline(c.trim()));
    return `| ${cells.join(' | ')} |\n|${cells.map(() => ' --- ').join('|')}|`;
  }
  return inline(line);
}

function inline(text: string): string {
  return (
    text
      // {{monospace}} first: nothing inside it is markup.
      .replace(/\{\{(.+?)\}\}/g, '`$1`')
      .replace(/\[~([^\]]+)\]/g, '@$1')
      .replace(/\[([^\]|]+)\|([^\]]+)\]/g, '[$1]($2)')
      .replace(/\[((?:https?|mailto):[^\]]+)\]/g, '<$1>')
      .replace(/(^|[\s(])\*(\S(?:.*?\S)?)\*(?=[\s).,:;!?]|$)/g, '$1**$2**')
      .replace(/(^|[\s(])_(\S(?:.*?\S)?)_(?=[\s).,:;!?]|$)/g, '$1*$2*')
      .replace(/(^|[\s(])-(\S(?:.*?\S)?)-(?=[\s).,:;!?]|$)/g, '$1~~$2~~')
  );
}
