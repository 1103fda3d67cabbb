import { EmptyState } from '../../shared/ui/empty-state.tsx';
import type { InboxView } from './inbox-rows.ts';

/** What an empty inbox, or an empty archive, says. `anything`: some notification exists. */
export function InboxEmpty({ view, anything }: { view: InboxView; anything: boolean }) {
  if (view === 'archived')
    return (
      <EmptyState title="Nothing archived">
        <p>
          Archive a notification with its Archive button or E. It comes back to your inbox when
          something new happens on its issue.
        </p>
      </EmptyState>
    );
  if (anything)
    return (
      <EmptyState title="You’re all caught up">
        <p>Everything is archived. Something new on one of those issues brings it back here.</p>
      </EmptyState>
    );
  return (
    <EmptyState title="Nothing in your inbox yet">
      <p>
        When someone assigns you an issue, @mentions you, or comments on or moves an issue you
        created or subscribe to, it shows up here.
      </p>
    </EmptyState>
  );
}
