import {
  estimateScaleOf,
  isSubscribed,
  type EstimateScale,
  type IssueDoc,
  type IssueEdit,
  subscribersOf,
  withSubscription,
} from '@keel/domain';
import { memo, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Button } from '../../shared/ui/button.tsx';
import { SelectField } from '../../shared/ui/select-field.tsx';
import { TextField } from '../../shared/ui/text-field.tsx';
import { useDoc, useIssuesWhile, useMemberMap, useProjectMap } from '../../data/use-docs.ts';
import { useWorkspace } from '../../data/workspace-context.tsx';
import type { WriteOutcome } from '../../data/workspace-session.ts';
import { PropertyCombobox } from './issue-properties-combobox.tsx';
import {
  estimateOptions,
  memberName,
  NO_PARENT,
  NONE,
  parentOption,
  parentOptions,
} from './issue-properties-options.ts';
import type { PropertyField } from './issue-properties-save.ts';

type Save = (field: PropertyField, edit: IssueEdit) => Promise<WriteOutcome>;
type SetError = (field: PropertyField, message: string | undefined) => void;

export interface IssuePropertiesMoreProps {
  issue: IssueDoc;
  readOnly: boolean;
  errors: Partial<Record<PropertyField, string>>;
  save: Save;
  setError: SetError;
}

/**
 * Estimate, due date, parent and subscribers: the properties below the four comboboxes. Each
 * is memoised on the values it shows, so a change of another property does not redraw it.
 */
export function IssuePropertiesMore({
  issue,
  readOnly,
  errors,
  save,
  setError,
}: IssuePropertiesMoreProps) {
  const project = useProjectMap().get(issue.projectId);
  const scale = estimateScaleOf(project);
  return (
    <>
      {scale === 'none' && issue.estimate === null ? null : (
        <EstimateField
          estimate={issue.estimate}
          scale={scale}
          readOnly={readOnly}
          error={errors.estimate}
          save={save}
        />
      )}
      <DueDateField
        dueDate={issue.dueDate}
        readOnly={readOnly}
        error={errors.dueDate}
        save={save}
        setError={setError}
      />
      <ParentField
        issueId={issue._id}
        parentId={issue.parentId}
        readOnly={readOnly}
        error={errors.parentId}
        save={save}
      />
      <Subscribers issue={issue} readOnly={readOnly} error={errors.subscriberIds} save={save} />
    </>
  );
}

interface FieldProps {
  readOnly: boolean;
  error: string | undefined;
  save: Save;
}

// A viewer's Estimate and Due date read as values, like the comboboxes above them.
const READ_ONLY_FIELD = 'property-field--read-only';

const EstimateField = memo(function EstimateField({
  estimate,
  scale,
  readOnly,
  error,
  save,
}: FieldProps & { estimate: number | null; scale: EstimateScale }) {
  return (
    <SelectField
      label="Estimate"
      className={readOnly ? READ_ONLY_FIELD : undefined}
      value={estimate === null ? NONE : String(estimate)}
      disabled={readOnly}
      error={error}
      options={estimateOptions(scale, estimate)}
      onChange={(e) =>
        void save('estimate', { estimate: e.target.value ? Number(e.target.value) : null })
      }
    />
  );
});

// A date typed digit by digit reads as a real date on the way (0002-02-28, 0020-02-28, …): it is
// saved once typing pauses this long, or at once when the field is left or Enter is pressed.
const DUE_DATE_PAUSE_MS = 1_000;
// A key's own change follows its keydown in the same task; a date chosen in the picker comes
// with no key pressed in the field just before, and is saved as it is chosen.
const KEYSTROKE_MS = 100;

const DueDateField = memo(function DueDateField({
  dueDate,
  readOnly,
  error,
  save,
  setError,
}: FieldProps & { dueDate: string | null; setError: SetError }) {
  // What the field holds while it differs from the saved date; null when they agree.
  const [typed, setTyped] = useState<string | null>(null);
  const pending = useRef<string | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const keyDownAt = useRef(-Infinity);
  const saved = useRef(dueDate);
  useEffect(() => {
    saved.current = dueDate;
  }, [dueDate]);

  const flush = useCallback(() => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
    const value = pending.current;
    pending.current = null;
    if (value === null || value === (saved.current ?? '')) return setTyped(null);
    void save('dueDate', { dueDate: value || null }).then((outcome) => {
      // Kept on screen until saved; a refusal keeps it there with its message.
      if (outcome.ok) setTyped((now) => (now === value ? null : now));
    });
  }, [save]);

  // A date waiting for its pause is saved when the page closes or the issue page goes.
  useEffect(() => {
    addEventListener('pagehide', flush);
    return () => {
      removeEventListener('pagehide', flush);
      flush();
    };
  }, [flush]);

  return (
    <TextField
      label="Due date"
      className={readOnly ? READ_ONLY_FIELD : undefined}
      // Read only and empty, an empty date field would show its mm/dd/yyyy mask.
      type={readOnly && !dueDate ? 'text' : 'date'}
      placeholder={readOnly ? 'No due date' : undefined}
      value={typed ?? dueDate ?? ''}
      readOnly={readOnly}
      error={error}
      onChange={(e) => {
        const value = e.target.value;
        setTyped(value);
        if (timer.current) clearTimeout(timer.current);
        timer.current = null;
        // A half-typed date reads as invalid: say so, save nothing until it is a real date.
        if (e.target.validity.badInput) {
          pending.current = null;
          return setError('dueDate', 'Due date must be a real date (YYYY-MM-DD)');
        }
        setError('dueDate', undefined);
        pending.current = value;
        const typed = e.timeStamp - keyDownAt.current < KEYSTROKE_MS;
        if (typed) timer.current = setTimeout(flush, DUE_DATE_PAUSE_MS);
        else flush();
      }}
      onBlur={flush}
      onKeyDown={(e) => {
        keyDownAt.current = e.timeStamp;
        if (e.key === 'Enter') flush();
      }}
    />
  );
});

const ParentField = memo(function ParentField({
  issueId,
  parentId,
  readOnly,
  error,
  save,
}: FieldProps & { issueId: string; parentId: string | null }) {
  const projects = useProjectMap();
  // Thousands of issues: the options are built only while the list is open, and follow the
  // issues then (one created or renamed meanwhile); closed, a change of issues redraws nothing.
  const [open, setOpen] = useState(false);
  const issues = useIssuesWhile(open);
  const parents = useCallback(
    () => parentOptions(issueId, issues, projects),
    [issueId, issues, projects],
  );
  // Follows the parent alone, so a renamed parent shows its new title.
  const parentDoc = useDoc(parentId);
  const current = useMemo(
    () => [parentDoc?.type === 'issue' ? parentOption(parentDoc, projects) : NO_PARENT],
    [parentDoc, projects],
  );
  const selected = useMemo(() => [parentId ?? NONE], [parentId]);
  const onSelect = useCallback(
    (value: string) => void save('parentId', { parentId: value || null }),
    [save],
  );
  return (
    <PropertyCombobox
      label="Parent issue"
      options={parents}
      current={current}
      selected={selected}
      placeholder="No parent"
      disabled={readOnly}
      error={error}
      onSelect={onSelect}
      onOpenChange={setOpen}
    />
  );
});

const Subscribers = memo(function Subscribers({
  issue,
  readOnly,
  error,
  save,
}: FieldProps & { issue: IssueDoc }) {
  const session = useWorkspace();
  const members = useMemberMap();
  // The creator and the assignee follow it too, until they unsubscribe (subscriptions.ts).
  const subscribed = isSubscribed(issue, session.userId);
  const names = subscribersOf(issue).map((id) => {
    const m = members.get(id);
    return m ? memberName(m) : 'A former member';
  });
  return (
    <div className="issue-properties__subscribers">
      <h3 className="field__label" id="subscribers-heading">
        Subscribers
      </h3>
      <p className="issue-properties__names">{names.length ? names.join(', ') : 'Nobody yet'}</p>
      {readOnly ? null : (
        <Button
          size="sm"
          variant="ghost"
          onClick={() =>
            void save('subscriberIds', {
              unsubscribedIds: [],
              ...withSubscription(issue, session.userId, !subscribed),
            })
          }
        >
          {subscribed ? 'Unsubscribe' : 'Subscribe'}
        </Button>
      )}
      {error ? <p className="field__error">{error}</p> : null}
    </div>
  );
});
