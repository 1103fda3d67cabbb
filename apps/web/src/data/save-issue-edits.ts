import {
  editIssue,
  formatIssueKey,
  type IssueDoc,
  type IssueEdit,
  newDocId,
  replacedValues,
} from '@keel/domain';
import type { WorkspaceSession, WriteOutcome } from './workspace-session.ts';

/** One issue an edit changed: what it set, and the values that replaced. */
export interface EditedIssue {
  issueId: string;
  key: string;
  made: IssueEdit;
  previous: IssueEdit;
}

export interface SavedEdits {
  outcome: WriteOutcome;
  /** Every issue that changed; empty when the write failed or nothing changed. */
  changed: EditedIssue[];
}

const NOT_HERE = 'This issue is no longer on this device.';

/**
 * Save an edit of each of `issueIds` in one write: the edit `build` makes of the issue as it is
 * when the write runs (so a change that just synced in is built upon), checked against the
 * latest workspace, each with its activity. One issue: a refusal is the outcome. Several (a
 * bulk change, or its undo): an issue that no longer fits is left as it is.
 */
export async function saveIssueEdits(
  session: WorkspaceSession,
  issueIds: readonly string[],
  build: (issue: IssueDoc) => IssueEdit | null,
): Promise<SavedEdits> {
  let refusal: WriteOutcome | null = null;
  let changed: EditedIssue[] = [];
  const outcome = await session.update(() => {
    changed = [];
    refusal = null;
    const docs: unknown[] = [];
    for (const issueId of issueIds) {
      // Runs when earlier writes have landed, so this is the latest revision of the issue.
      const issue = session.store.get(issueId);
      const project = issue?.type === 'issue' ? session.store.get(issue.projectId) : undefined;
      if (issue?.type !== 'issue' || project?.type !== 'project') {
        refusal = { ok: false, message: NOT_HERE, errors: [] };
        continue;
      }
      const edit = build(issue);
      if (!edit) continue;
      const result = editIssue(issue, edit, {
        project,
        actorId: session.userId,
        now: new Date().toISOString(),
        newActivityId: () => newDocId('activity'),
      });
      if (!result) continue;
      // Checked by the write rules against the latest workspace, so a label deleted meanwhile
      // is caught here, and one issue that no longer fits does not hold up the others.
      const checked = session.check([result.issue, ...result.activities]);
      if (!checked.ok) {
        refusal = { ok: false, message: checked.message, errors: checked.errors };
        continue;
      }
      const previous = replacedValues(issue, edit);
      const made = Object.fromEntries(
        Object.keys(previous).map((f) => [f, edit[f as keyof IssueEdit]]),
      ) as IssueEdit;
      changed.push({ issueId, key: formatIssueKey(project.key, issue.number), made, previous });
      docs.push(result.issue, ...result.activities);
    }
    return docs.length ? docs : null;
  });
  if (issueIds.length === 1 && refusal) return { outcome: refusal, changed: [] };
  return { outcome, changed: outcome.ok ? changed : [] };
}
