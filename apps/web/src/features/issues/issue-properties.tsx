import {
  IMPORT_SOURCE_NAMES,
  type IssueEdit,
  type IssueDoc,
  type IssueSource,
  type MemberDoc,
  type ProjectDoc,
} from '@keel/domain';
import { useCallback, useMemo } from 'react';
import { afterPaintThen } from '../../shared/lib/after-paint.ts';
import { useLatestCallback } from '../../shared/lib/use-latest-callback.ts';
import { formatDateTime, timeAgo } from '../../shared/lib/format-time.ts';
import type { WriteOutcome } from '../../data/workspace-session.ts';
import { CycleField } from './issue-cycle-field.tsx';
import { MilestoneField } from './issue-milestone-field.tsx';
import { PropertyCombobox } from './issue-properties-combobox.tsx';
import { IssuePropertiesMore } from './issue-properties-more.tsx';
import { NONE, toggle } from './issue-properties-options.ts';
import { usePropertySave } from './issue-properties-save.ts';
import { usePropertyChoices } from './use-property-choices.tsx';
import './issue-properties.css';

export interface IssuePropertiesProps {
  issue: IssueDoc;
  project: ProjectDoc;
  creator: MemberDoc | undefined;
  readOnly: boolean;
  onChange: (edit: IssueEdit) => Promise<WriteOutcome>;
}

/** The side panel: every property of the issue, each saved as soon as it is chosen. */
export function IssueProperties({
  issue,
  project,
  creator,
  readOnly,
  onChange,
}: IssuePropertiesProps) {
  const { errors, save, setError } = usePropertySave(onChange);
  const choices = usePropertyChoices(issue, project);

  // Each field keeps its props while another field changes, so only the changed one redraws.
  const stateSelected = useMemo(() => [issue.stateId], [issue.stateId]);
  const prioritySelected = useMemo(() => [String(issue.priority)], [issue.priority]);
  const assigneeSelected = useMemo(() => [issue.assigneeId ?? NONE], [issue.assigneeId]);
  // A revision of the issue may carry an equal but new array of labels.
  const labelKey = issue.labelIds.join(' ');
  const labelsSelected = useMemo(() => (labelKey ? labelKey.split(' ') : []), [labelKey]);
  // A single choice is drawn in the field's own frame and saved right after it: the save, and
  // what follows from it (the timeline's new line, the sidebar's counts), would otherwise hold up
  // the frame that shows it. The field shows the choice meanwhile (PropertyCombobox).
  const onState = useCallback(
    (stateId: string) => afterPaintThen(() => save('stateId', { stateId })),
    [save],
  );
  const onPriority = useCallback(
    (value: string) => afterPaintThen(() => save('priority', { priority: Number(value) })),
    [save],
  );
  const onAssignee = useCallback(
    (value: string) => afterPaintThen(() => save('assigneeId', { assigneeId: value || null })),
    [save],
  );
  const onLabel = useLatestCallback(
    (id: string) => void save('labelIds', { labelIds: toggle(choices.currentLabels, id) }),
  );
  const onCreateLabel = useLatestCallback((raw: string) => {
    void (async () => {
      const created = await choices.createLabel(raw);
      if (!created.ok) return setError('labelIds', created.message);
      await save('labelIds', { labelIds: created.labelIds });
    })();
  });

  return (
    <aside className="issue-properties" aria-label="Properties">
      <PropertyCombobox
        label="State"
        shortcut="s"
        options={choices.states}
        selected={stateSelected}
        disabled={readOnly}
        error={errors.stateId}
        onSelect={onState}
      />
      <PropertyCombobox
        label="Priority"
        shortcut="p"
        options={choices.priorities}
        selected={prioritySelected}
        disabled={readOnly}
        error={errors.priority}
        onSelect={onPriority}
      />
      <PropertyCombobox
        label="Assignee"
        shortcut="a"
        options={choices.assignees}
        selected={assigneeSelected}
        disabled={readOnly}
        error={errors.assigneeId}
        onSelect={onAssignee}
      />
      <PropertyCombobox
        label="Labels"
        shortcut="l"
        multiple
        options={choices.labels}
        selected={labelsSelected}
        placeholder={readOnly ? 'No labels' : 'Add labels'}
        disabled={readOnly}
        error={errors.labelIds}
        onCreate={readOnly ? undefined : onCreateLabel}
        onSelect={onLabel}
      />
      <CycleField
        project={project}
        cycleId={issue.cycleId ?? null}
        readOnly={readOnly}
        error={errors.cycleId}
        save={save}
      />
      <MilestoneField
        project={project}
        milestoneId={issue.milestoneId ?? null}
        readOnly={readOnly}
        error={errors.milestoneId}
        save={save}
      />
      <IssuePropertiesMore
        issue={issue}
        readOnly={readOnly}
        errors={errors}
        save={save}
        setError={setError}
      />
      <dl className="issue-properties__facts">
        <dt>Created</dt>
        <dd>
          <time dateTime={issue.createdAt} title={formatDateTime(issue.createdAt)}>
            {timeAgo(issue.createdAt)}
          </time>
          {creator && !issue.source ? ` by ${creator.name || creator.email}` : null}
        </dd>
        {issue.source ? <ImportedFrom source={issue.source} creator={creator} /> : null}
        <dt>Updated</dt>
        <dd>
          <time dateTime={issue.updatedAt} title={formatDateTime(issue.updatedAt)}>
            {timeAgo(issue.updatedAt)}
          </time>
        </dd>
      </dl>
    </aside>
  );
}

/** Where an imported issue came from (SPEC §11): the tool, its key linked back, who imported it. */
function ImportedFrom({
  source,
  creator,
}: {
  source: IssueSource;
  creator: MemberDoc | undefined;
}) {
  return (
    <>
      <dt>Imported from</dt>
      <dd>
        {IMPORT_SOURCE_NAMES[source.tool]}{' '}
        {source.url ? (
          <a className="text-link" href={source.url} target="_blank" rel="noreferrer">
            {source.key}
          </a>
        ) : (
          source.key
        )}
        {creator ? ` by ${creator.name || creator.email}` : null}
      </dd>
    </>
  );
}
