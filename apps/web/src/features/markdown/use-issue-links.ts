import { useMemo, useSyncExternalStore } from 'react';
import { parseIssueKey } from '@keel/domain';
import { useWorkspace } from '../../data/workspace-context.tsx';

const KEYS = /\b[A-Z][A-Z0-9]{1,4}-[1-9][0-9]{0,8}\b/g;
const NONE = (): undefined => undefined;

/**
 * The page of each issue key a text names, for the keys of issues in this workspace: what
 * markdownToHtml links. The same function while those issues stay (and come and go with them),
 * so a text is not rendered again for an edit elsewhere.
 */
export function useIssueLinks(markdown: string): (key: string) => string | undefined {
  const { store, slug } = useWorkspace();
  const keys = useMemo(() => [...new Set(markdown.match(KEYS) ?? [])], [markdown]);
  const existing = useSyncExternalStore(store.subscribe, () => {
    if (keys.length === 0) return '';
    const projects = store.list('project');
    return keys
      .filter((key) => {
        const parsed = parseIssueKey(key);
        const project = parsed && projects.find((p) => p.key === parsed.projectKey);
        return project ? store.issueByNumber(project._id, parsed.number) !== undefined : false;
      })
      .join(' ');
  });
  return useMemo(() => {
    if (!existing) return NONE;
    const linked = new Set(existing.split(' '));
    return (key) => (linked.has(key) ? `/${slug}/issue/${key}` : undefined);
  }, [existing, slug]);
}
