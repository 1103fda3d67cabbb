import { branchName } from '@keel/domain';
import { copyText } from '../../shared/lib/copy-text.ts';
import { showToast } from '../../shared/ui/toast-store.ts';

/** An issue as its Copy … commands need it. */
export interface CopiedIssue {
  key: string;
  title: string;
}

/** One toast for the last copy: copying again replaces it. */
const TOAST_KEY = 'copied';

/** The address of an issue's page, e.g. https://keel.example/acme/issue/ENG-12. */
export function issueUrl(slug: string, key: string): string {
  return `${location.origin}/${slug}/issue/${key}`;
}

/** Put the issues' links on the clipboard, one per line, and say so. */
export async function copyIssueLinks(slug: string, issues: readonly CopiedIssue[]): Promise<void> {
  const [first] = issues;
  if (!first) return;
  const copied = await copyText(issues.map((i) => issueUrl(slug, i.key)).join('\n'));
  say(
    copied,
    issues.length === 1 ? `Copied the link to ${first.key}` : `Copied ${issues.length} links`,
  );
}

/** Put the issue's git branch name (Linear's format) on the clipboard, and say so. */
export async function copyBranchName(issue: CopiedIssue): Promise<void> {
  const name = branchName(issue.key, issue.title);
  say(await copyText(name), `Copied the branch name ${name}`);
}

function say(copied: boolean, message: string): void {
  if (copied) showToast(message, 'info', { key: TOAST_KEY });
  else showToast('Couldn’t copy: this browser refused the clipboard.', 'error', { key: TOAST_KEY });
}
