import { PRIORITIES, type IssueDoc, type MemberDoc, type ProjectDoc } from '@keel/domain';
import { formatDateTime, timeAgo } from '../../shared/lib/format-time.ts';
import { SelectField } from '../../shared/ui/select-field.tsx';
import type { IssueEdit } from './edit-issue.ts';

export interface IssuePropertiesProps {
  issue: IssueDoc;
  project: ProjectDoc;
  creator: MemberDoc | undefined;
  readOnly: boolean;
  onChange: (edit: IssueEdit) => void;
}

const PRIORITY_OPTIONS = PRIORITIES.map((p) => ({ value: String(p.value), label: p.name }));

/** The side panel: State and Priority (native selects, so they are real comboboxes), dates. */
export function IssueProperties({
  issue,
  project,
  creator,
  readOnly,
  onChange,
}: IssuePropertiesProps) {
  return (
    <aside className="issue-properties" aria-label="Properties">
      <SelectField
        label="State"
        value={issue.stateId}
        disabled={readOnly}
        options={project.states.map((s) => ({ value: s.id, label: s.name }))}
        onChange={(e) => onChange({ stateId: e.target.value })}
      />
      <SelectField
        label="Priority"
        value={String(issue.priority)}
        disabled={readOnly}
        options={PRIORITY_OPTIONS}
        onChange={(e) => onChange({ priority: Number(e.target.value) })}
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
