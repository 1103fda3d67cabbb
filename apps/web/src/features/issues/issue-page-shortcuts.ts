import { showToast } from '../../shared/ui/toast-store.ts';
import { useScreenCommands } from '../commands/index.ts';

/**
 * Opens a property's combobox, as if clicked: the combobox opens its list on click. False when
 * the issue page shows no such field.
 */
function openProperty(property: string): boolean {
  const input = document.querySelector<HTMLInputElement>(
    `[role="combobox"][data-property="${property}"]`,
  );
  if (!input) return false;
  if (input.disabled) return true;
  input.focus();
  input.click();
  return true;
}

/** Shift+M where the project has no milestones (so no field): say where they are made. */
function openMilestone(): void {
  if (!openProperty('Milestone'))
    showToast('This project has no milestones yet. Add them on the project’s page.');
}

/**
 * SPEC §2's property keys on an issue page (s state, p priority, a assignee, l labels): the
 * registry's Change … commands, run from the key or the palette, open the comboboxes here.
 * `onDelete`, when this person may delete the issue, is the palette's Delete issue…; `copy`
 * (everyone, viewers too) its Copy link and Copy branch name.
 */
export function useIssuePageShortcuts(
  enabled: boolean,
  onDelete: (() => void) | null,
  copy: { copyLink: () => void; copyBranch: () => void } | null,
): void {
  useScreenCommands(
    {
      'issue.state': () => openProperty('State'),
      'issue.priority': () => openProperty('Priority'),
      'issue.assignee': () => openProperty('Assignee'),
      'issue.labels': () => openProperty('Labels'),
      'issue.cycle': () => openProperty('Cycle'),
      'issue.milestone': openMilestone,
    },
    enabled,
  );
  useScreenCommands({ 'issue.delete': () => onDelete?.() }, onDelete !== null);
  useScreenCommands(
    { 'issue.copyLink': () => copy?.copyLink(), 'issue.copyBranch': () => copy?.copyBranch() },
    copy !== null,
  );
}
