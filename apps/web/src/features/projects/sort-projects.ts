import type { ProjectDoc } from '@keel/domain';

/** Active projects first, each group oldest first, as the sidebar lists them. */
export function sortProjects(projects: readonly ProjectDoc[]): ProjectDoc[] {
  return [...projects].sort(
    (a, b) =>
      Number(Boolean(a.archivedAt)) - Number(Boolean(b.archivedAt)) ||
      a.createdAt.localeCompare(b.createdAt) ||
      a.key.localeCompare(b.key),
  );
}
