import { useCallback, useMemo } from 'react';
import type { IssueDoc } from '@keel/domain';
import { Button } from '../../shared/ui/button.tsx';
import { SelectField } from '../../shared/ui/select-field.tsx';
import { TextField } from '../../shared/ui/text-field.tsx';
import { useIssues, useMemberMap, useProjectMap } from '../sync/use-docs.ts';
import { useWorkspace } from '../sync/workspace-context.tsx';
import type { WriteOutcome } from '../sync/workspace-session.ts';
import type { IssueEdit } from './edit-issue.ts';
import { PropertyCombobox } from './issue-properties-combobox.tsx';
import {
  estimateOptions,
  memberName,
  NO_PARENT,
  NONE,
  parentOption,
  parentOptions,
  toggle,
} from './issue-properties-options.ts';
import type { PropertyField } from './issue-properties-save.ts';

export interface IssuePropertiesMoreProps {
  issue: IssueDoc;
  readOnly: boolean;
  errors: Partial<Record<PropertyField, string>>;
  save: (field: PropertyField, edit: IssueEdit) => Promise<WriteOutcome>;
  setError: (field: PropertyField, message: string | undefined) => void;
}

/** Estimate, due date, parent and subscribers: the properties below the four comboboxes. */
export function IssuePropertiesMore({
  issue,
  readOnly,
  errors,
  save,
  setError,
}: IssuePropertiesMoreProps) {
  const session = useWorkspace();
  const issues = useIssues();
  const projects = useProjectMap();
  const members = useMemberMap();
  // Thousands of issues: the options are built when the field opens, not with every page.
  const parents = useCallback(
    () => parentOptions(issue, issues, projects),
    [issue, issues, projects],
  );
  const parent = useMemo(() => {
    const doc = issue.parentId ? session.store.get(issue.parentId) : undefined;
    return [doc?.type === 'issue' ? parentOption(doc, projects) : NO_PARENT];
    // `issues` changes with every issue, so a renamed parent shows its new title.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [issue.parentId, issues, projects, session.store]);
  const subscribed = issue.subscriberIds.includes(session.userId);
  const subscriberNames = issue.subscriberIds.map((id) => {
    const m = members.get(id);
    return m ? memberName(m) : 'A former member';
  });

  return (
    <>
      <SelectField
        label="Estimate"
        value={issue.estimate === null ? NONE : String(issue.estimate)}
        disabled={readOnly}
        error={errors.estimate}
        options={estimateOptions}
        onChange={(e) =>
          void save('estimate', { estimate: e.target.value ? Number(e.target.value) : null })
        }
      />
      <TextField
        label="Due date"
        type="date"
        value={issue.dueDate ?? ''}
        readOnly={readOnly}
        error={errors.dueDate}
        onChange={(e) => {
          // A half-typed date reads as invalid: say so, save nothing until it is a real date.
          if (e.target.validity.badInput)
            return setError('dueDate', 'Due date must be a real date (YYYY-MM-DD)');
          void save('dueDate', { dueDate: e.target.value || null });
        }}
      />
      <PropertyCombobox
        label="Parent issue"
        options={parents}
        current={parent}
        selected={[issue.parentId ?? NONE]}
        placeholder="No parent"
        disabled={readOnly}
        error={errors.parentId}
        onSelect={(value) => void save('parentId', { parentId: value || null })}
      />
      <div className="issue-properties__subscribers">
        <h3 className="field__label" id="subscribers-heading">
          Subscribers
        </h3>
        <p className="issue-properties__names">
          {subscriberNames.length ? subscriberNames.join(', ') : 'Nobody yet'}
        </p>
        {readOnly ? null : (
          <Button
            size="sm"
            variant="ghost"
            onClick={() =>
              void save('subscriberIds', {
                subscriberIds: toggle(issue.subscriberIds, session.userId),
              })
            }
          >
            {subscribed ? 'Unsubscribe' : 'Subscribe'}
          </Button>
        )}
        {errors.subscriberIds ? <p className="field__error">{errors.subscriberIds}</p> : null}
      </div>
    </>
  );
}
