import { useMemo } from 'react';
import {
  newDocId,
  type IssueDoc,
  type LabelDoc,
  type MemberDoc,
  type ProjectDoc,
} from '@keel/domain';
import { formatDateTime, timeAgo } from '../../shared/lib/format-time.ts';
import { useDocs, useMembers } from '../sync/use-docs.ts';
import { useWorkspace } from '../sync/workspace-context.tsx';
import type { WriteOutcome } from '../sync/workspace-session.ts';
import type { IssueEdit } from './edit-issue.ts';
import { PriorityIcon } from './priority-icon.tsx';
import { PropertyCombobox } from './issue-properties-combobox.tsx';
import { IssuePropertiesMore } from './issue-properties-more.tsx';
import {
  assigneeOptions,
  labelOptions,
  newLabelFields,
  NONE,
  priorityOptions,
  toggle,
} from './issue-properties-options.ts';
import { usePropertySave } from './issue-properties-save.ts';
import { StateIcon } from './state-icon.tsx';
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
  const session = useWorkspace();
  const members = useMembers();
  const labels = useDocs('label');
  const { errors, save, setError } = usePropertySave(onChange);

  const stateOptions = useMemo(
    () =>
      project.states.map((s) => ({ value: s.id, label: s.name, icon: <StateIcon state={s} /> })),
    [project.states],
  );
  const priorities = useMemo(
    () => priorityOptions.map((o) => ({ ...o, icon: <PriorityIcon priority={Number(o.value)} /> })),
    [],
  );
  const assignees = useMemo(
    () => assigneeOptions(members, issue.assigneeId),
    [members, issue.assigneeId],
  );
  const labelChoices = useMemo(() => labelOptions(labels), [labels]);
  // A label deleted elsewhere may linger on the issue until that change syncs; drop it here so
  // the next toggle does not fail SPEC §5's "each an existing label".
  const currentLabels = issue.labelIds.filter((id) => labels.some((l) => l._id === id));

  // Members may create labels (SPEC §6): typing a new name offers "Create …" right here.
  const createLabel = async (raw: string) => {
    const fields = newLabelFields(raw, labels);
    if (!fields.ok) return setError('labelIds', fields.message);
    const now = new Date().toISOString();
    const label: LabelDoc = {
      _id: newDocId('label'),
      type: 'label',
      name: fields.name,
      color: fields.color,
      createdBy: session.userId,
      createdAt: now,
      updatedAt: now,
    };
    const outcome = await session.write([label]);
    if (!outcome.ok) return setError('labelIds', outcome.errors[0]?.message ?? outcome.message);
    await save('labelIds', { labelIds: [...currentLabels, label._id] });
  };

  return (
    <aside className="issue-properties" aria-label="Properties">
      <PropertyCombobox
        label="State"
        shortcut="s"
        options={stateOptions}
        selected={[issue.stateId]}
        disabled={readOnly}
        error={errors.stateId}
        onSelect={(stateId) => void save('stateId', { stateId })}
      />
      <PropertyCombobox
        label="Priority"
        shortcut="p"
        options={priorities}
        selected={[String(issue.priority)]}
        disabled={readOnly}
        error={errors.priority}
        onSelect={(value) => void save('priority', { priority: Number(value) })}
      />
      <PropertyCombobox
        label="Assignee"
        shortcut="a"
        options={assignees}
        selected={[issue.assigneeId ?? NONE]}
        disabled={readOnly}
        error={errors.assigneeId}
        onSelect={(value) => void save('assigneeId', { assigneeId: value || null })}
      />
      <PropertyCombobox
        label="Labels"
        shortcut="l"
        multiple
        options={labelChoices}
        selected={issue.labelIds}
        placeholder={readOnly ? 'No labels' : 'Add labels'}
        disabled={readOnly}
        error={errors.labelIds}
        onCreate={readOnly ? undefined : (name) => void createLabel(name)}
        onSelect={(id) => void save('labelIds', { labelIds: toggle(currentLabels, id) })}
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
          {creator ? ` by ${creator.name || creator.email}` : null}
        </dd>
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
