import { describe, expect, it } from 'vitest';
import { currentValue, menuButtonLabel, placeMenu } from './property-menu-model.ts';

describe('menuButtonLabel', () => {
  it('names the action, the issue and the value now', () => {
    expect(menuButtonLabel('state', 'ENG-12', 'In Progress')).toBe(
      'Change state of ENG-12, now In Progress',
    );
    expect(menuButtonLabel('assignee', 'ENG-3', currentValue('assignee', []))).toBe(
      'Change assignee of ENG-3, now unassigned',
    );
    expect(menuButtonLabel('labels', 'OPS-1', currentValue('labels', ['Bug', 'UI']))).toBe(
      'Change labels of OPS-1, now Bug, UI',
    );
    expect(currentValue('labels', [])).toBe('no labels');
  });
});

describe('placeMenu', () => {
  const viewport = { width: 1200, height: 800 };
  const menu = { width: 260, height: 320 };

  it('opens below the anchor when there is room', () => {
    expect(placeMenu({ top: 100, bottom: 120, left: 300 }, viewport, menu)).toEqual({
      left: 300,
      top: 124,
      bottom: null,
    });
  });

  it('opens above an anchor near the bottom of the window', () => {
    expect(placeMenu({ top: 700, bottom: 720, left: 300 }, viewport, menu)).toEqual({
      left: 300,
      top: null,
      bottom: 104,
    });
  });

  it('stays below when there is even less room above', () => {
    const short = { width: 1200, height: 300 };
    expect(placeMenu({ top: 100, bottom: 120, left: 0 }, short, menu)).toEqual({
      left: 8,
      top: 124,
      bottom: null,
    });
  });

  it('never runs past the right edge', () => {
    expect(placeMenu({ top: 100, bottom: 120, left: 1100 }, viewport, menu).left).toBe(932);
  });
});
