import { useMemo, useSyncExternalStore } from 'react';
import {
  cyclesOf,
  formatIssueKey,
  parseIssueKey,
  type ActivityDoc,
  type CommentDoc,
  type ConflictDoc,
  type CycleDoc,
  type DocType,
  type IssueBlockSets,
  type IssueDoc,
  type MemberDoc,
  type ProjectDoc,
  type RelationDoc,
  type SubIssueProgress,
} from '@keel/domain';
import { useWorkspace } from './workspace-context.tsx';
import type { DocOfType } from './workspace-store.ts';

/**
 * Selectors over the in-memory workspace. Each returns the same value until the documents it
 * reads change, so a list re-renders only when its own data moved.
 */
export function useDocs<K extends DocType>(type: K): readonly DocOfType<K>[] {
  const { store } = useWorkspace();
  return useSyncExternalStore(store.subscribe, () => store.list(type));
}

/** One document by id; the component redraws when that document changes, not others. */
export function useDoc(id: string | null | undefined) {
  const { store } = useWorkspace();
  return useSyncExternalStore(store.subscribe, () => (id ? store.get(id) : undefined));
}

const NO_ISSUES: readonly IssueDoc[] = [];
const noSubscription = () => () => undefined;

/** Every issue while `active`, following changes; none and no redraws while not. */
export function useIssuesWhile(active: boolean): readonly IssueDoc[] {
  const { store } = useWorkspace();
  return useSyncExternalStore(active ? store.subscribe : noSubscription, () =>
    active ? store.list('issue') : NO_ISSUES,
  );
}

/** False until the device's copy has been read once (a few milliseconds after opening). */
export function useWorkspaceLoaded(): boolean {
  const { store } = useWorkspace();
  return useSyncExternalStore(store.subscribe, store.isLoaded);
}

/** False until comments and activity have been read from the device too (they come second). */
export function useHistoryLoaded(): boolean {
  const { store } = useWorkspace();
  return useSyncExternalStore(store.subscribe, store.isHistoryLoaded);
}

export function useProjects(): readonly ProjectDoc[] {
  const projects = useDocs('project');
  return useMemo(
    () =>
      projects
        .filter((p) => !p.archivedAt)
        .sort((a, b) => a.createdAt.localeCompare(b.createdAt) || a.key.localeCompare(b.key)),
    [projects],
  );
}

export function useProjectByKey(key: string | undefined): ProjectDoc | undefined {
  const projects = useDocs('project');
  return useMemo(() => projects.find((p) => p.key === key?.toUpperCase()), [projects, key]);
}

/** A project's cycles, by number. */
export function useProjectCycles(projectId: string | undefined): readonly CycleDoc[] {
  const cycles = useDocs('cycle');
  return useMemo(() => (projectId ? cyclesOf(projectId, cycles) : []), [cycles, projectId]);
}

/** Issues of one project, or of the whole workspace when no project is given. */
export function useIssues(projectId?: string): readonly IssueDoc[] {
  const issues = useDocs('issue');
  return useMemo(
    () => (projectId ? issues.filter((i) => i.projectId === projectId) : issues),
    [issues, projectId],
  );
}

export function useIssueByKey(issueKey: string | undefined): IssueDoc | undefined {
  const { store } = useWorkspace();
  const parsed = issueKey ? parseIssueKey(issueKey) : null;
  const project = useProjectByKey(parsed?.projectKey);
  return useSyncExternalStore(store.subscribe, () =>
    project && parsed ? store.issueByNumber(project._id, parsed.number) : undefined,
  );
}

/** Sub-issues of an issue, by number; re-renders only when one of them changes. */
export function useSubIssues(issueId: string): readonly IssueDoc[] {
  const { store } = useWorkspace();
  return useSyncExternalStore(store.subscribe, () => store.childrenOf(issueId));
}

/** The relations an issue starts and the ones that point at it; re-renders when they change. */
export function useIssueRelations(issueId: string): {
  from: readonly RelationDoc[];
  to: readonly RelationDoc[];
} {
  const { store } = useWorkspace();
  const from = useSyncExternalStore(store.subscribe, () => store.relationsFrom(issueId));
  const to = useSyncExternalStore(store.subscribe, () => store.relationsTo(issueId));
  return useMemo(() => ({ from, to }), [from, to]);
}

/** Issues another blocks and issues that block another: the marker and the relation filter. */
export function useBlockSets(): IssueBlockSets {
  const { store } = useWorkspace();
  return useSyncExternalStore(store.subscribe, store.blockSets);
}

/** Each parent's sub-issues done out of those counted, by parent id (`sub-issue-progress.ts`). */
export function useSubIssueProgress(): ReadonlyMap<string, SubIssueProgress> {
  const { store } = useWorkspace();
  return useSyncExternalStore(store.subscribe, store.subIssueProgress);
}

/** An issue's comments, oldest first; re-renders only when they change. */
export function useIssueComments(issueId: string): readonly CommentDoc[] {
  const { store } = useWorkspace();
  return useSyncExternalStore(store.subscribe, () => store.commentsOf(issueId));
}

export function useMembers(): readonly MemberDoc[] {
  return useDocs('member');
}

/** Members by user id, for names and initials next to issues and activity. */
export function useMemberMap(): ReadonlyMap<string, MemberDoc> {
  const members = useDocs('member');
  return useMemo(() => new Map(members.map((m) => [m.userId, m])), [members]);
}

/** Project keys by project document id, to print issue keys in lists. */
export function useProjectMap(): ReadonlyMap<string, ProjectDoc> {
  const projects = useDocs('project');
  return useMemo(() => new Map(projects.map((p) => [p._id, p])), [projects]);
}

export function useIssueActivity(issueId: string): readonly ActivityDoc[] {
  const { store } = useWorkspace();
  return useSyncExternalStore(store.subscribe, () => store.activityOf(issueId));
}

/** Values of an issue that concurrent edits replaced (conflict entries), oldest first. */
export function useIssueConflicts(issueId: string): readonly ConflictDoc[] {
  const { store } = useWorkspace();
  return useSyncExternalStore(store.subscribe, () => store.conflictsOf(issueId));
}

export function issueKeyOf(issue: IssueDoc, projects: ReadonlyMap<string, ProjectDoc>): string {
  const project = projects.get(issue.projectId);
  return project ? formatIssueKey(project.key, issue.number) : `#${issue.number}`;
}
