import {
  editBetween,
  formatIssueKey,
  type IssueDoc,
  type ProjectDoc,
  replacedValues,
} from '@keel/domain';
import type { EditedIssue } from '../../data/save-issue-edits.ts';

/**
 * What a write of whole issues changed (a bulk change, a board move), issue by issue, for its
 * undo: `before` are the issues as they were, `written` what was saved.
 */
export function editedIssues(
  before: readonly IssueDoc[],
  written: readonly unknown[],
  projects: (id: string) => ProjectDoc | undefined,
): EditedIssue[] {
  const old = new Map(before.map((i) => [i._id, i]));
  return written.flatMap((doc) => {
    const after = doc as IssueDoc;
    const was = after.type === 'issue' ? old.get(after._id) : undefined;
    const project = was ? projects(was.projectId) : undefined;
    if (!was || !project) return [];
    const made = editBetween(was, after);
    return [
      {
        issueId: was._id,
        key: formatIssueKey(project.key, was.number),
        made,
        previous: replacedValues(was, made),
      },
    ];
  });
}
