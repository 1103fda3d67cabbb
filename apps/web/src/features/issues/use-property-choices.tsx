import { useMemo } from 'react';
import { newDocId, type IssueDoc, type LabelDoc, type ProjectDoc } from '@keel/domain';
import { useDocs, useMembers } from '../../data/use-docs.ts';
import { useWorkspace } from '../../data/workspace-context.tsx';
import type { ComboOption } from './issue-properties-combobox.tsx';
import {
  assigneeOptions,
  labelOptions,
  newLabelFields,
  priorityOptions,
} from './issue-properties-options.ts';
import { PriorityIcon } from '../../shared/ui/priority-icon.tsx';
import { StateIcon } from '../../shared/ui/state-icon.tsx';

export type NewLabelResult = { ok: true; labelIds: string[] } | { ok: false; message: string };

export interface PropertyChoices {
  states: readonly ComboOption[];
  priorities: readonly ComboOption[];
  assignees: readonly ComboOption[];
  labels: readonly ComboOption[];
  /** The issue's labels that still exist in the workspace. */
  currentLabels: string[];
  /** Writes a label typed into the Labels field; the caller saves the labels it returns. */
  createLabel: (raw: string) => Promise<NewLabelResult>;
}

/**
 * The choices of State, Priority, Assignee and Labels for one issue, shared by the issue page's
 * side panel and the list's and board's menus so both offer exactly the same values.
 */
export function usePropertyChoices(issue: IssueDoc, project: ProjectDoc): PropertyChoices {
  const session = useWorkspace();
  const members = useMembers();
  const labelDocs = useDocs('label');

  const states = useMemo(
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
  const labels = useMemo(() => labelOptions(labelDocs), [labelDocs]);
  // A label deleted elsewhere may linger on the issue until that change syncs; drop it here so
  // the next toggle does not fail SPEC §5's "each an existing label".
  const currentLabels = issue.labelIds.filter((id) => labelDocs.some((l) => l._id === id));

  // Members may create labels (SPEC §6): typing a new name offers "Create …" right in the field.
  const createLabel = async (raw: string): Promise<NewLabelResult> => {
    const fields = newLabelFields(raw, labelDocs);
    if (!fields.ok) return fields;
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
    if (!outcome.ok) return { ok: false, message: outcome.errors[0]?.message ?? outcome.message };
    return { ok: true, labelIds: [...currentLabels, label._id] };
  };

  return { states, priorities, assignees, labels, currentLabels, createLabel };
}
