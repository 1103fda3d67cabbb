import { useWorkspace } from '../../data/workspace-context.tsx';
import { showToast } from '../../shared/ui/toast-store.ts';
import { addFavorite, removeFavorite } from './favorite-writes.ts';
import { useIsFavorite } from './use-favorites.ts';
import './favorites.css';

export interface FavoriteButtonProps {
  /** The issue, project, view or cycle id to pin. */
  target: string;
  /** What it is, for the button's name: "issue ENG-12", "project Engineering". */
  what: string;
}

/**
 * A star that pins the page's issue, project, view or cycle to the person's sidebar. Every role
 * has favourites (SPEC §10); a refusal (the hundredth) comes back as a toast.
 */
export function FavoriteButton({ target, what }: FavoriteButtonProps) {
  const session = useWorkspace();
  const pinned = useIsFavorite(target);
  const toggle = async () => {
    const outcome = await (pinned ? removeFavorite : addFavorite)(session, target);
    if (!outcome.ok) showToast(outcome.message, 'error');
  };
  return (
    <button
      type="button"
      className="favorite-button"
      aria-pressed={pinned}
      aria-label={`Favourite ${what}`}
      title={pinned ? 'Remove from favourites' : 'Add to favourites'}
      onClick={() => void toggle()}
    >
      <svg width="16" height="16" viewBox="0 0 16 16" aria-hidden="true">
        <path
          d="M8 1.8l1.9 3.9 4.3.6-3.1 3 .7 4.3L8 11.6l-3.8 2 .7-4.3-3.1-3 4.3-.6z"
          fill={pinned ? 'currentColor' : 'none'}
          stroke="currentColor"
          strokeWidth="1.3"
          strokeLinejoin="round"
        />
      </svg>
    </button>
  );
}
