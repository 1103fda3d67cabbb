import { lazy, Suspense, useState } from 'react';
import { mayDelete, type IssueDoc } from '@keel/domain';
import { useScreenCommands } from '../commands/index.ts';
import { issueKeyOf, useProjectMap } from '../../data/use-docs.ts';
import { useWorkspace } from '../../data/workspace-context.tsx';
import { copyBranchName, copyIssueLinks, type CopiedIssue } from './copy-issue.ts';
// Loaded when a deletion is asked for: most visits to a list never open it.
const DeleteIssuesDialog = lazy(() =>
  import('./delete-issues-dialog.tsx').then((module) => ({ default: module.DeleteIssuesDialog })),
);

export interface IssueTargetCommandsProps {
  /** The issues the screen's commands act on now: the selected ones, else the focused one. */
  issueIds: readonly string[];
  /** After a deletion: a list clears its selection (an undo brings the issues back, not it). */
  onDeleted?: (() => void) | undefined;
}

/**
 * Copy link, Copy branch name and Delete issue… on a list or board, for the issues it acts on
 * (its s/p/a/l menus reach the same ones). Each is offered, in the palette and by its keys,
 * only while it applies: a branch name is one issue's; Delete needs an issue this person may
 * delete.
 */
export function IssueTargetCommands({ issueIds, onDeleted }: IssueTargetCommandsProps) {
  const session = useWorkspace();
  const projects = useProjectMap();
  const issues = issueIds.flatMap((id) => {
    const doc = session.store.get(id);
    return doc?.type === 'issue' ? [doc] : [];
  });
  const deletable = issues.filter((i) => mayDelete(i, session.role, session.userId));
  const [deleting, setDeleting] = useState<{ issues: IssueDoc[]; kept: number } | null>(null);
  const copied = (issue: IssueDoc): CopiedIssue => ({
    key: issueKeyOf(issue, projects),
    title: issue.title,
  });

  useScreenCommands(
    { 'issue.copyLink': () => void copyIssueLinks(session.slug, issues.map(copied)) },
    issues.length > 0,
  );
  useScreenCommands(
    { 'issue.copyBranch': () => void (issues[0] && copyBranchName(copied(issues[0]))) },
    issues.length === 1,
  );
  useScreenCommands(
    {
      'issue.delete': () =>
        setDeleting({ issues: deletable, kept: issues.length - deletable.length }),
    },
    deletable.length > 0,
  );

  return deleting ? (
    <Suspense fallback={null}>
      <DeleteIssuesDialog
        issues={deleting.issues}
        kept={deleting.kept}
        onClose={() => setDeleting(null)}
        onDeleted={onDeleted}
      />
    </Suspense>
  ) : null;
}
