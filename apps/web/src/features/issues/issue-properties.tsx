import type { IssueDoc, MemberDoc, ProjectDoc } from '@keel/domain';
import { formatDateTime, timeAgo } from '../../shared/lib/format-time.ts';
import type { WriteOutcome } from '../sync/workspace-session.ts';
import type { IssueEdit } from './edit-issue.ts';
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

  const createLabel = async (raw: string) => {
    const created = await choices.createLabel(raw);
    if (!created.ok) return setError('labelIds', created.message);
    await save('labelIds', { labelIds: created.labelIds });
  };

  return (
    <aside className="issue-properties" aria-label="Properties">
      <PropertyCombobox
        label="State"
        shortcut="s"
        options={choices.states}
        selected={[issue.stateId]}
        disabled={readOnly}
        error={errors.stateId}
        onSelect={(stateId) => void save('stateId', { stateId })}
      />
      <PropertyCombobox
        label="Priority"
        shortcut="p"
        options={choices.priorities}
        selected={[String(issue.priority)]}
        disabled={readOnly}
        error={errors.priority}
        onSelect={(value) => void save('priority', { priority: Number(value) })}
      />
      <PropertyCombobox
        label="Assignee"
        shortcut="a"
        options={choices.assignees}
        selected={[issue.assigneeId ?? NONE]}
        disabled={readOnly}
        error={errors.assigneeId}
        onSelect={(value) => void save('assigneeId', { assigneeId: value || null })}
      />
      <PropertyCombobox
        label="Labels"
        shortcut="l"
        multiple
        options={choices.labels}
        selected={issue.labelIds}
        placeholder={readOnly ? 'No labels' : 'Add labels'}
        disabled={readOnly}
        error={errors.labelIds}
        onCreate={readOnly ? undefined : (name) => void createLabel(name)}
        onSelect={(id) => void save('labelIds', { labelIds: toggle(choices.currentLabels, id) })}
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
