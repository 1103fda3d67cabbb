import { useEffect, useState } from 'react';
import type { MenuField } from '../issues/index.ts';
import { useScreenCommands } from '../commands/index.ts';

const CARD = '.board [data-issue-id]';

/** The card focus is in, if any. */
function focusedCard(): HTMLElement | null {
  return document.activeElement?.closest<HTMLElement>(CARD) ?? null;
}

/** Focus a card's title link, the element Enter opens. */
function focusCard(card: Element | undefined): void {
  const link = card?.querySelector<HTMLElement>('.board-card__title');
  link?.focus();
  link?.scrollIntoView({ block: 'nearest', inline: 'nearest' });
}

/**
 * SPEC §2's keys on a board, the list's commands here: j/k walk the cards in reading order
 * (down a column, then on to the next), Enter opens the focused card (its title is a link), and
 * s/p/a/l open the focused card's menus (`open`, null for roles that cannot edit). Returns the
 * card they act on (the last one focused on the board), for the board's other issue commands.
 */
export function useBoardKeys(
  open: ((issueId: string, field: MenuField, anchor: HTMLElement) => void) | null,
): string | null {
  // Whether a card was the last thing focused on the board: the palette takes focus while it
  // is open, and its Change … entries still mean that card.
  const [card, setCard] = useState<string | null>(null);
  useEffect(() => {
    const onFocus = (event: FocusEvent) => {
      const target = event.target instanceof Element ? event.target : null;
      if (!target?.closest('.board')) return;
      setCard(target.closest<HTMLElement>(CARD)?.dataset.issueId ?? null);
    };
    document.addEventListener('focusin', onFocus);
    return () => document.removeEventListener('focusin', onFocus);
  }, []);

  const current = () =>
    focusedCard() ??
    (card ? document.querySelector<HTMLElement>(`.board [data-issue-id="${card}"]`) : null);

  const step = (delta: 1 | -1) => () => {
    const cards = [...document.querySelectorAll<HTMLElement>(CARD)];
    const from = current();
    const at = from ? cards.indexOf(from) : -1;
    const next = at < 0 ? (delta > 0 ? 0 : cards.length - 1) : at + delta;
    focusCard(cards[Math.max(0, Math.min(next, cards.length - 1))]);
  };
  useScreenCommands({ 'list.next': step(1), 'list.previous': step(-1) });

  const menu = (field: MenuField) => () => {
    const element = current();
    const issueId = element?.dataset.issueId;
    if (!element || !issueId || !open) return;
    open(issueId, field, element.querySelector<HTMLElement>(`[data-menu="${field}"]`) ?? element);
  };
  useScreenCommands(
    {
      'issue.state': menu('state'),
      'issue.priority': menu('priority'),
      'issue.assignee': menu('assignee'),
      'issue.labels': menu('labels'),
      'issue.cycle': menu('cycle'),
    },
    open !== null && card !== null,
  );
  return card;
}
