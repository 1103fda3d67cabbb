import { lazy, memo, Suspense, useDeferredValue, useMemo } from 'react';
import {
  can,
  cycleLabel,
  estimateLabel,
  estimateScaleOf,
  formatIssueKey,
  ROLLOVER_ACTOR,
  type ActivityDoc,
  type WorkflowState,
} from '@keel/domain';
import { formatDateTime, timeAgo } from '../../shared/lib/format-time.ts';
import { Avatar } from '../../shared/ui/avatar.tsx';
import {
  CommentEditor,
  CommentItem,
  useCommentActions,
  useMemberNames,
} from '../comments/index.ts';
import {
  useDocs,
  useHistoryLoaded,
  useIssueActivity,
  useIssueComments,
  useIssueConflicts,
  useProjectMap,
} from '../../data/use-docs.ts';
import { useWorkspace } from '../../data/workspace-context.tsx';
import { mergeTimeline } from './activity-timeline-merge.ts';
// What a conflict entry takes (restoring, copying, describing) loads with the first one shown:
// most issues never have one.
const ConflictEntry = lazy(() =>
  import('./conflict-entry.tsx').then((module) => ({ default: module.ConflictEntry })),
);
import { describeActivity, type ActivityNames } from './describe-activity.ts';

/**
 * The issue's history (comments and changes, oldest first) and the box to add a comment.
 * Memoised: it redraws when its records change, not with every render of the page.
 */
export const ActivityTimeline = memo(function ActivityTimeline({
  issueId,
  states,
}: {
  issueId: string;
  states: readonly WorkflowState[];
}) {
  const session = useWorkspace();
  // A change of the issue writes its activity record in the same step: the field that changed
  // is drawn first, and the timeline's new line in a render of its own right after, so the
  // layout the field's new value forces inside the click does not include the timeline.
  const activity = useDeferredValue(useIssueActivity(issueId));
  const comments = useDeferredValue(useIssueComments(issueId));
  const conflicts = useDeferredValue(useIssueConflicts(issueId));
  const entries = useMemo(
    () => mergeTimeline(activity, comments, conflicts),
    [activity, comments, conflicts],
  );
  const names = useActivityNames(states, issueId);
  const actions = useCommentActions(issueId);
  // A first sync brings comments and activity after the lists (decision 014).
  const historyLoaded = useHistoryLoaded();

  return (
    <section className="activity" aria-labelledby="activity-heading">
      <h2 id="activity-heading">Activity</h2>
      {historyLoaded ? null : (
        <p className="activity__note activity__note--coming" role="status">
          Comments and activity are still coming to this device.
        </p>
      )}
      <ol className="activity__list">
        {entries.map((entry) =>
          entry.kind === 'comment' ? (
            <li key={entry.id} className="activity__comment">
              <CommentItem comment={entry.comment} />
            </li>
          ) : entry.kind === 'conflict' ? (
            <Suspense key={entry.id} fallback={null}>
              <ConflictEntry entry={entry.conflict} names={names} />
            </Suspense>
          ) : (
            <ActivityLine key={entry.id} entry={entry.activity} names={names} />
          ),
        )}
      </ol>
      {can(session.role, 'comment:create') ? (
        <CommentEditor
          label="Comment"
          submitLabel="Comment"
          issueId={issueId}
          onSubmit={actions.create}
        />
      ) : (
        <p className="activity__note">Viewers can read the discussion but not comment.</p>
      )}
    </section>
  );
});

// Lines re-render only when their record or the names they show change, not on every edit of
// the issue the page shows.
const ActivityLine = memo(function ActivityLine({
  entry,
  names,
}: {
  entry: ActivityDoc;
  names: ActivityNames;
}) {
  const name =
    entry.actorId === ROLLOVER_ACTOR ? 'Keel' : (names.member(entry.actorId) ?? 'A former member');
  return (
    <li className="activity__item">
      <Avatar name={name} />
      <span>
        <span className="activity__actor">{name}</span> {describeActivity(entry, names)}
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
});

function useActivityNames(states: readonly WorkflowState[], issueId: string): ActivityNames {
  const { store } = useWorkspace();
  const member = useMemberNames();
  const labels = useDocs('label');
  const cycles = useDocs('cycle');
  const milestones = useDocs('milestone');
  // Issues are read from the store by id (no map of 10,000 built per page). An issue's key never
  // changes once created, so the names change only when an issue arrives (a key shown before
  // its issue was on the device), not on every edit of one.
  const issueCount = useDocs('issue').length;
  const projects = useProjectMap();
  const shown = store.get(issueId);
  const scale = estimateScaleOf(
    shown?.type === 'issue' ? projects.get(shown.projectId) : undefined,
  );
  return useMemo(() => {
    const labelNames = new Map(labels.map((l) => [l._id, l.name]));
    const cycleNames = new Map(cycles.map((c) => [c._id, cycleLabel(c)]));
    const milestoneNames = new Map(milestones.map((m) => [m._id, m.name]));
    return {
      states,
      member,
      label: (id) => labelNames.get(id),
      cycle: (id) => cycleNames.get(id),
      milestone: (id) => milestoneNames.get(id),
      estimate: (points) => estimateLabel(points, scale),
      issue: (id) => {
        const issue = issueCount > 0 ? store.get(id) : undefined;
        const project = issue?.type === 'issue' ? projects.get(issue.projectId) : undefined;
        return issue?.type === 'issue' && project
          ? formatIssueKey(project.key, issue.number)
          : undefined;
      },
    };
  }, [states, member, labels, cycles, milestones, issueCount, projects, store, scale]);
}
