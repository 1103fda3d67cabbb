import { describe, expect, it } from 'vitest';
import { markdownToHtml } from './markdown-to-html.ts';
import { taskPositions, toggleTask } from './task-list.ts';

const tasks = { editable: true, nonce: 'n1' };

describe('toggleTask', () => {
  it('ticks and unticks the box by its number, in the order the boxes are rendered', () => {
    const text = [
      'Plan:',
      '',
      '- [ ] one',
      '- [x] two',
      '  - [ ] two and a half',
      '* [X] three',
    ].join('\n');
    expect(toggleTask(text, 0, true)).toBe(text.replace('- [ ] one', '- [x] one'));
    expect(toggleTask(text, 1, false)).toBe(text.replace('- [x] two', '- [ ] two'));
    expect(toggleTask(text, 2, true)).toBe(text.replace('[ ] two and', '[x] two and'));
    expect(toggleTask(text, 3, false)).toBe(text.replace('* [X] three', '* [ ] three'));
    expect(toggleTask(text, 4, true)).toBeNull();
    // The same numbers as the rendered boxes.
    const html = markdownToHtml(text, { tasks });
    expect([...html.matchAll(/data-task="(\d+)"/g)].map((m) => m[1])).toEqual(['0', '1', '2', '3']);
  });

  it('skips task-like text in code, and counts boxes in quotes and numbered lists', () => {
    const text = [
      '```',
      '- [ ] not a task',
      '```',
      '',
      '`- [ ] nor this`',
      '',
      '> - [ ] quoted',
      '',
      '1. [ ] first',
      '2) [x] second',
    ].join('\n');
    expect(taskPositions(text)).toHaveLength(3);
    expect(toggleTask(text, 0, true)).toBe(text.replace('> - [ ] quoted', '> - [x] quoted'));
    expect(toggleTask(text, 1, true)).toBe(text.replace('1. [ ] first', '1. [x] first'));
    expect(toggleTask(text, 2, false)).toBe(text.replace('2) [x] second', '2) [ ] second'));
  });

  it('leaves alone a box it cannot place with certainty', () => {
    // A code block inside the item holds a task-like line: two lines, one box.
    const text = '- [ ] real\n\n  ```\n  - [ ] fake\n  ```\n';
    expect(markdownToHtml(text, { tasks }).match(/data-task=/g)).toHaveLength(1);
    expect(toggleTask(text, 0, true)).toBeNull();
  });

  it('reads Windows line ends as marked does', () => {
    expect(toggleTask('- [ ] a\r\n- [ ] b\r\n', 1, true)).toBe('- [ ] a\n- [x] b\n');
  });

  it('is not a task without words after the box', () => {
    expect(taskPositions('- [ ]\n- [ ]  \n- [x]')).toEqual([]);
  });
});
