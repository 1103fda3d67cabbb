import type { CSSProperties } from 'react';
import type { SubIssueProgress } from '@keel/domain';
import { subIssueFigure, subIssueSentence } from './issue-row-format.ts';
import './sub-issue-progress.css';

export interface SubIssueProgressMarkProps {
  /** Absent for an issue without sub-issues to count: no mark. */
  progress: SubIssueProgress | null | undefined;
  className?: string;
}

/**
 * A parent's sub-issues done out of those counted: a small pie and "3/5". Left out, not
 * hidden, on the many issues without sub-issues: two elements fewer on each such row of a list
 * of thousands. Hidden from screen readers: the row's, card's or heading's own name says it in
 * words (`subIssueSentence`).
 */
export function SubIssueProgressMark({ progress, className }: SubIssueProgressMarkProps) {
  if (!progress) return null;
  const style = {
    '--sub-issue-done': `${(progress.done / progress.total) * 100}%`,
  } as CSSProperties;
  const complete = progress.done === progress.total;
  const classes = ['sub-issue-progress', complete && 'sub-issue-progress--complete', className];
  return (
    <span
      className={classes.filter(Boolean).join(' ')}
      style={style}
      title={subIssueSentence(progress)}
      aria-hidden="true"
    >
      <span className="sub-issue-progress__pie" />
      {subIssueFigure(progress)}
    </span>
  );
}
