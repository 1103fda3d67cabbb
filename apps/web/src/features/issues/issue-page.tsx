import { useCallback, useMemo, useState } from 'react';
import { useParams } from 'react-router';
import { can, formatIssueKey, mayDelete, statesOfHistory } from '@keel/domain';
import { Button } from '../../shared/ui/button.tsx';
import { useDocumentTitle } from '../../shared/lib/use-document-title.ts';
import { NotFound } from '../../shared/ui/not-found.tsx';
import {
  useIssueByKey,
  useMemberMap,
  useProjectMap,
  useWorkspaceLoaded,
} from '../../data/use-docs.ts';
import { useWorkspace } from '../../data/workspace-context.tsx';
import { ActivityTimeline } from './activity-timeline.tsx';
import { copyBranchName, copyIssueLinks } from './copy-issue.ts';
import { DeleteIssueDialog } from './delete-issue-dialog.tsx';
import { IssueDescriptionEditor } from './issue-description-editor.tsx';
import { IssuePageHeader } from './issue-page-header.tsx';
import { FavoriteButton } from '../favorites/index.ts';
import { Relations } from './issue-page-relations.tsx';
import { IssueFilesWhenAny } from '../attachments/index.ts';
import { IssueLinksWhenAny } from './issue-links-when-any.tsx';
import { SubIssues } from './issue-page-sub-issues.tsx';
import { ParentLine, useParentIssue } from './issue-parent.tsx';
import { IssueProperties } from './issue-properties.tsx';
import { IssueTitleEditor } from './issue-title-editor.tsx';
import { useIssuePageShortcuts } from './issue-page-shortcuts.ts';
import { useEditIssue } from './use-edit-issue.ts';
import { useToggleTask } from './use-toggle-task.ts';
import './issue-page.css';

/** `/:ws/issue/:issueKey`, e.g. /acme/issue/ENG-42. */
export function IssuePage() {
  const { issueKey } = useParams();
  const session = useWorkspace();
  const loaded = useWorkspaceLoaded();
  const issue = useIssueByKey(issueKey);
  const projects = useProjectMap();
  const members = useMemberMap();
  const save = useEditIssue(issue?._id ?? '');
  const readOnly = !can(session.role, 'issue:edit');
  // Stable, so the title and description editors are not redrawn by an edit of another field.
  const saveTitle = useCallback((title: string) => save({ title }), [save]);
  const saveDescription = useCallback((description: string) => save({ description }), [save]);
  const toggleTask = useToggleTask(save);
  const deletable = issue ? mayDelete(issue, session.role, session.userId) : false;
  const [deleting, setDeleting] = useState(false);
  const openDelete = useCallback(() => setDeleting(true), []);
  const closeDelete = useCallback(() => setDeleting(false), []);
  const project = issue ? projects.get(issue.projectId) : undefined;
  const parent = useParentIssue(issue);
  const copied =
    issue && project
      ? { key: formatIssueKey(project.key, issue.number), title: issue.title }
      : null;
  const copyLink = () => void (copied && copyIssueLinks(session.slug, [copied]));
  const copyBranch = () => void (copied && copyBranchName(copied));
  useIssuePageShortcuts(
    !readOnly,
    deletable ? openDelete : null,
    copied ? { copyLink, copyBranch } : null,
  );

  useDocumentTitle(
    issue && project ? `${formatIssueKey(project.key, issue.number)} ${issue.title}` : null,
  );
  // The same array while the project is, so the timeline's names are not rebuilt by an edit.
  const historyStates = useMemo(() => (project ? statesOfHistory(project) : []), [project]);
  if (!issue || !project) return loaded ? <NotFound homeHref={`/${session.slug}`} /> : null;
  const key = formatIssueKey(project.key, issue.number);

  return (
    <div className="page">
      <IssuePageHeader
        slug={session.slug}
        project={project}
        issueKey={key}
        parent={parent}
        onCopyLink={copyLink}
        onCopyBranch={copyBranch}
      >
        <FavoriteButton target={issue._id} what={`issue ${key}`} />
        {deletable ? (
          <>
            <Button size="sm" variant="ghost" onClick={openDelete}>
              Delete issue
            </Button>
            <DeleteIssueDialog
              open={deleting}
              issue={issue}
              issueKey={key}
              fallbackHref={`/${session.slug}/projects/${project.key}/issues`}
              onClose={closeDelete}
            />
          </>
        ) : null}
      </IssuePageHeader>
      <div className="issue-page">
        <article className="issue-page__main" aria-labelledby="issue-heading">
          <h1 id="issue-heading" className="visually-hidden">
            {key}: {issue.title}
          </h1>
          {parent ? <ParentLine slug={session.slug} parent={parent} /> : null}
          <IssueTitleEditor
            key={issue._id}
            title={issue.title}
            readOnly={readOnly}
            onSave={saveTitle}
          />
          <IssueDescriptionEditor
            key={`${issue._id}-description`}
            issueId={issue._id}
            description={issue.description}
            readOnly={readOnly}
            onSave={saveDescription}
            onToggleTask={toggleTask}
          />
          <SubIssues issueId={issue._id} project={project} readOnly={readOnly} />
          {/* Keyed: following a relation to the other issue starts its form afresh. */}
          <Relations key={`${issue._id}-relations`} issueId={issue._id} readOnly={readOnly} />
          <IssueFilesWhenAny issueId={issue._id} />
          <IssueLinksWhenAny issueId={issue._id} />
          <ActivityTimeline issueId={issue._id} states={historyStates} />
        </article>
        <IssueProperties
          issue={issue}
          project={project}
          creator={members.get(issue.createdBy)}
          readOnly={readOnly}
          onChange={save}
        />
      </div>
    </div>
  );
}
