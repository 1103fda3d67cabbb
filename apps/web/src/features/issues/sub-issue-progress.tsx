import type { CSSProperties } from 'react';
import type { SubIssueProgress } from '@keel/domain';
import { subIssueFigure, subIssueSentence } from './issue-row-format.ts';
import './sub-issue-progress.css';

export interface SubIssueProgressMarkProps {
  /** Absent for an issue without sub-issues to count: the mark is hidden. */
  progress: SubIssueProgress | null | undefined;
  className?: string;
}

/**
 * A parent's sub-issues done out of those counted: a small pie and "3/5". Hidden rather than
 * left out when there is nothing to show, so a list row that shows another issue updates it
 * instead of adding and removing elements. Hidden from screen readers too: the row's, card's or
 * heading's own name says it in words (`subIssueSentence`).
 */
export function SubIssueProgressMark({ progress, className }: SubIssueProgressMarkProps) {
  const style = progress
    ? ({ '--sub-issue-done': `${(progress.done / progress.total) * 100}%` } as CSSProperties)
    : undefined;
  const complete = progress ? progress.done === progress.total : false;
  const classes = ['sub-issue-progress', complete && 'sub-issue-progress--complete', className];
  return (
    <span
      className={classes.filter(Boolean).join(' ')}
      style={style}
      title={progress ? subIssueSentence(progress) : undefined}
      aria-hidden="true"
      hidden={!progress}
    >
      <span className="sub-issue-progress__pie" />
      {progress ? subIssueFigure(progress) : null}
    </span>
  );
}
