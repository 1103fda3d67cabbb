import type { Token } from 'marked';
import { lexMarkdown, walkMarkdownTokens } from './markdown-to-html.ts';

// The start of a task item's line: quote marks and indent, a bullet or number, then the box.
const TASK_LINE = /^[ \t>]*(?:[-*+]|\d{1,9}[.)])[ \t]+\[([ xX])\](?=[ \t]+\S)/gm;

/**
 * Where each task box of a Markdown text is: the offset of the character between its brackets,
 * in the order the rendered boxes are numbered (markdown-to-html.ts), or null for a box whose
 * place in the text is not certain (a task-like line inside a code block of the same list, say):
 * that one is not ticked from the view rather than the wrong one.
 */
export function taskPositions(markdown: string): (number | null)[] {
  const text = normalize(markdown);
  const positions: (number | null)[] = [];
  let offset = 0;
  for (const block of lexMarkdown(text)) {
    const at = text.indexOf(block.raw, offset);
    const boxes: Token[] = [];
    walkMarkdownTokens([block], (token) => {
      if (token.type === 'checkbox') boxes.push(token);
    });
    if (at < 0) {
      positions.push(...boxes.map(() => null));
      continue;
    }
    offset = at + block.raw.length;
    if (boxes.length === 0) continue;
    const lines = [...block.raw.matchAll(TASK_LINE)];
    const agree =
      lines.length === boxes.length &&
      lines.every((line, i) => (line[1] !== ' ') === (boxes[i] as { checked?: boolean }).checked);
    for (const line of lines.slice(0, agree ? lines.length : 0))
      positions.push(at + line.index + line[0].length - 2);
    if (!agree) positions.push(...boxes.map(() => null));
  }
  return positions;
}

/** The text with task box `index` ticked or not, or null when that box cannot be found. */
export function toggleTask(markdown: string, index: number, checked: boolean): string | null {
  const text = normalize(markdown);
  const at = taskPositions(text)[index];
  if (at === null || at === undefined) return null;
  return text.slice(0, at) + (checked ? 'x' : ' ') + text.slice(at + 1);
}

// marked reads \r\n and \r as \n: offsets are in that text.
const normalize = (markdown: string) => markdown.replace(/\r\n?/g, '\n');
