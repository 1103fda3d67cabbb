import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { ProjectDoc } from '@keel/domain';
import { Button } from '../../shared/ui/button.tsx';
import { isMacPlatform } from '../../shared/ui/kbd.tsx';
import { ariaKeyShortcuts, shortcutKeys } from '../commands/index.ts';
import type { ParentIssue } from './issue-parent.tsx';

export interface IssuePageHeaderProps {
  slug: string;
  project: ProjectDoc;
  issueKey: string;
  parent: ParentIssue | null;
  onCopyLink: () => void;
  onCopyBranch: () => void;
  /** The Delete issue button and its dialog, when this person may delete the issue. */
  children?: ReactNode;
}

/**
 * The issue page's bar: the breadcrumb (project, the parent of a sub-issue, the issue) and the
 * issue's actions. On a phone the copy buttons keep their icons and lose their words.
 */
export function IssuePageHeader(props: IssuePageHeaderProps) {
  const { slug, project, issueKey, parent, onCopyLink, onCopyBranch, children } = props;
  return (
    <header className="page-header">
      <nav aria-label="Breadcrumb" className="breadcrumb">
        <ol>
          <li>
            <Link to={`/${slug}/projects/${project.key}/issues`}>{project.name}</Link>
          </li>
          {parent ? (
            <li>
              <Link to={`/${slug}/issue/${parent.key}`} title={parent.title}>
                {parent.key}
              </Link>
            </li>
          ) : null}
          <li aria-current="page">{issueKey}</li>
        </ol>
      </nav>
      <span className="page-header__spacer" />
      <CopyButton label="Copy link" shortcut="mod+shift+," onClick={onCopyLink}>
        <path d="M6.5 9.5l3-3M7.5 4.5l.75-.75a2.47 2.47 0 013.5 3.5l-.75.75M8.5 11.5l-.75.75a2.47 2.47 0 01-3.5-3.5l.75-.75" />
      </CopyButton>
      <CopyButton label="Copy branch name" shortcut="mod+shift+." onClick={onCopyBranch}>
        <circle cx="5" cy="3.5" r="1.5" />
        <circle cx="5" cy="12.5" r="1.5" />
        <circle cx="11" cy="4.5" r="1.5" />
        <path d="M5 5v6M11 6c0 3.5-6 2-6 5" />
      </CopyButton>
      {children}
    </header>
  );
}

function CopyButton({
  label,
  shortcut,
  onClick,
  children,
}: {
  label: string;
  shortcut: string;
  onClick: () => void;
  children: ReactNode;
}) {
  const mac = isMacPlatform();
  return (
    <Button
      size="sm"
      variant="ghost"
      className="issue-header__copy"
      title={`${label} (${shortcutKeys(shortcut, mac).join(mac ? '' : '+')})`}
      aria-keyshortcuts={ariaKeyShortcuts(shortcut)}
      onClick={onClick}
    >
      <svg
        width="14"
        height="14"
        viewBox="0 0 16 16"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.5"
        strokeLinecap="round"
        aria-hidden="true"
      >
        {children}
      </svg>
      <span className="issue-header__label">{label}</span>
    </Button>
  );
}
