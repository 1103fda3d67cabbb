import type { WorkflowState } from '@keel/domain';
import { formatDateTime, timeAgo } from '../../shared/lib/format-time.ts';
import { Avatar } from '../../shared/ui/avatar.tsx';
import { useIssueActivity, useMemberMap } from '../sync/use-docs.ts';
import { describeActivity } from './describe-activity.ts';

/** What happened to an issue, oldest first, newest last. */
export function ActivityTimeline({
  issueId,
  states,
}: {
  issueId: string;
  states: readonly WorkflowState[];
}) {
  const activity = useIssueActivity(issueId);
  const members = useMemberMap();
  return (
    <section className="activity" aria-labelledby="activity-heading">
      <h2 id="activity-heading">Activity</h2>
      <ol className="activity__list">
        {activity.map((entry) => {
          const member = members.get(entry.actorId);
          const name = member ? member.name || member.email : 'A former member';
          return (
            <li key={entry._id} className="activity__item">
              <Avatar name={name} />
              <span>
                <span className="activity__actor">{name}</span> {describeActivity(entry, states)}
              </span>
              <time
                className="activity__time"
                dateTime={entry.createdAt}
                title={formatDateTime(entry.createdAt)}
              >
                {timeAgo(entry.createdAt)}
              </time>
            </li>
          );
        })}
      </ol>
    </section>
  );
}
