import { useState } from 'react';
import { NavLink } from 'react-router';
import { useWorkspace } from '../../data/workspace-context.tsx';
import { showToast } from '../../shared/ui/toast-store.ts';
import { moveFavorite, removeFavorite } from './favorite-writes.ts';
import { useFavoriteEntries } from './use-favorites.ts';
import './favorites.css';

const KIND_NAMES = { issue: 'Issue', project: 'Project', view: 'View', cycle: 'Cycle' } as const;

/**
 * The sidebar's Favourites: what the person pinned, in their order; Alt+↑ and Alt+↓ on one move
 * it. Nothing at all until they pin something (the star on an issue, project, view or cycle).
 */
export function FavoritesNav({ base }: { base: string }) {
  const session = useWorkspace();
  const entries = useFavoriteEntries(base);
  // Said to screen readers after a move: the list's new order is not otherwise announced.
  const [moved, setMoved] = useState('');
  if (entries.length === 0) return null;

  const unpin = async (target: string) => {
    const outcome = await removeFavorite(session, target);
    if (!outcome.ok) showToast(outcome.message, 'error');
  };

  const move = async (id: string, step: -1 | 1, link: HTMLElement) => {
    // Among the favourites that lead somewhere: a gone one must not take a move's place.
    const shown = new Set(entries.filter((e) => e.to !== null).map((e) => e.favorite._id));
    const outcome = await moveFavorite(session, id, step, shown);
    if (!outcome.ok) showToast(outcome.message, 'error');
    else {
      const order = entries.filter((e) => e.to !== null);
      const from = order.findIndex((e) => e.favorite._id === id);
      const to = Math.min(Math.max(from + step, 0), order.length - 1);
      if (from >= 0 && to !== from)
        setMoved(`Moved ${order[from]!.name} to position ${to + 1} of ${order.length}.`);
    }
    // The list re-renders in its new order; keep focus on the link that moved.
    requestAnimationFrame(() => link.focus());
  };

  return (
    <section className="sidebar__section" aria-labelledby="sidebar-favorites">
      <h2 className="sidebar__heading sidebar__heading--plain" id="sidebar-favorites">
        Favourites
      </h2>
      <ul className="sidebar__links">
        {entries.map((entry) =>
          entry.to === null ? (
            <li key={entry.favorite._id} className="favorite-gone">
              <span className={`favorite-kind favorite-kind--${entry.kind}`} aria-hidden="true" />
              <span className="sidebar__link-text">{entry.name}</span>
              <button
                type="button"
                className="favorite-gone__unpin"
                aria-label={`Unpin ${entry.name.toLowerCase()}`}
                title="Unpin"
                onClick={() => void unpin(entry.favorite.target)}
              >
                ×
              </button>
            </li>
          ) : (
            <li key={entry.favorite._id}>
              <NavLink
                to={entry.to}
                end
                aria-keyshortcuts="Alt+ArrowUp Alt+ArrowDown"
                onKeyDown={(event) => {
                  if (!event.altKey || (event.key !== 'ArrowUp' && event.key !== 'ArrowDown'))
                    return;
                  event.preventDefault();
                  void move(
                    entry.favorite._id,
                    event.key === 'ArrowUp' ? -1 : 1,
                    event.currentTarget,
                  );
                }}
              >
                <span className={`favorite-kind favorite-kind--${entry.kind}`} aria-hidden="true" />
                <span className="visually-hidden">{KIND_NAMES[entry.kind]}: </span>
                <span className="sidebar__link-text">{entry.name}</span>
              </NavLink>
            </li>
          ),
        )}
      </ul>
      <p className="visually-hidden" role="status">
        {moved}
      </p>
    </section>
  );
}
