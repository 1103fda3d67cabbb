import { dayOfMoment, type IssueEdit, type IssueDoc, type ProjectDoc } from '@keel/domain';
import { useEffect, useLayoutEffect, useRef, type MouseEvent } from 'react';
import { showToast } from '../../shared/ui/toast-store.ts';
import { useIssues, useProjectCycles, useProjectMap } from '../../data/use-docs.ts';
import { PropertyCombobox, type ComboCloseReason } from './issue-properties-combobox.tsx';
import { cycleOptions, NONE, toggle } from './issue-properties-options.ts';
import { placeMenu } from './property-menu-model.ts';
import { useEditIssueById } from './use-edit-issue.ts';
import { usePropertyChoices } from './use-property-choices.tsx';
import type { MenuRequest } from './use-property-menu.ts';
import './property-menu.css';

export interface PropertyMenuProps {
  request: MenuRequest;
  onClose: (reason: ComboCloseReason) => void;
}

/**
 * The issue page's property combobox in a popover beside a row or card. One is mounted per list
 * or board, for the issue in question; it saves through the issue page's edit path.
 */
export function PropertyMenu({ request, onClose }: PropertyMenuProps) {
  const issues = useIssues();
  const projects = useProjectMap();
  const issue = issues.find((i) => i._id === request.issueId);
  const project = issue ? projects.get(issue.projectId) : undefined;
  const gone = !issue || !project;
  // A project with cycles off offers none, unless the issue is still in one.
  const noCycles = !gone && request.field === 'cycle' && !project.cycles?.enabled && !issue.cycleId;
  // Deleted (here or by someone else) while the menu was open: nothing left to edit.
  useEffect(() => {
    if (gone) onClose('blur');
  }, [gone, onClose]);
  useEffect(() => {
    if (!noCycles) return;
    showToast('This project has no cycles. An admin turns them on in its settings.', 'info');
    onClose('escape');
  }, [noCycles, onClose]);
  if (!issue || !project || noCycles) return null;
  return <MenuPanel request={request} issue={issue} project={project} onClose={onClose} />;
}

const MENU_SIZE = { width: 260, height: 340 };

function MenuPanel({
  request,
  issue,
  project,
  onClose,
}: PropertyMenuProps & { issue: IssueDoc; project: ProjectDoc }) {
  const panel = useRef<HTMLDivElement>(null);
  const choices = usePropertyChoices(issue, project);
  const edit = useEditIssueById();
  const { anchor, field } = request;

  // In the top layer (the Popover API), so the list's scroll box and containment never clip
  // it; placed beside the anchor, and closed when the page under it scrolls away.
  useLayoutEffect(() => {
    const el = panel.current;
    if (!el) return;
    if (!el.matches(':popover-open')) el.showPopover();
    const place = () => {
      if (!anchor.isConnected) return onClose('blur');
      const at = placeMenu(
        anchor.getBoundingClientRect(),
        { width: window.innerWidth, height: window.innerHeight },
        MENU_SIZE,
      );
      el.style.left = `${at.left}px`;
      el.style.top = at.top === null ? 'auto' : `${at.top}px`;
      el.style.bottom = at.bottom === null ? 'auto' : `${at.bottom}px`;
    };
    place();
    const onScroll = (event: Event) => {
      if (!el.contains(event.target as Node)) onClose('blur');
    };
    window.addEventListener('resize', place);
    document.addEventListener('scroll', onScroll, true);
    return () => {
      window.removeEventListener('resize', place);
      document.removeEventListener('scroll', onScroll, true);
    };
  }, [anchor, onClose]);

  const save = async (changes: IssueEdit) => {
    const outcome = await edit(issue._id, changes);
    if (!outcome.ok) showToast(outcome.errors[0]?.message ?? outcome.message, 'error');
  };
  const createLabel = async (raw: string) => {
    const created = await choices.createLabel(raw);
    if (!created.ok) return showToast(created.message, 'error');
    await save({ labelIds: created.labelIds });
  };
  // A press on the panel's padding would blur the field and close the menu mid-choice.
  const keepFocus = (event: MouseEvent) => {
    if (!(event.target instanceof HTMLInputElement)) event.preventDefault();
  };

  const common = { onClose, placeholder: `Change ${field} to…` };
  return (
    <div ref={panel} popover="manual" className="property-menu" onMouseDown={keepFocus}>
      {field === 'state' ? (
        <PropertyCombobox
          {...common}
          label="State"
          options={choices.states}
          selected={[issue.stateId]}
          onSelect={(stateId) => void save({ stateId })}
        />
      ) : field === 'priority' ? (
        <PropertyCombobox
          {...common}
          label="Priority"
          options={choices.priorities}
          selected={[String(issue.priority)]}
          onSelect={(value) => void save({ priority: Number(value) })}
        />
      ) : field === 'assignee' ? (
        <PropertyCombobox
          {...common}
          label="Assignee"
          options={choices.assignees}
          selected={[issue.assigneeId ?? NONE]}
          onSelect={(value) => void save({ assigneeId: value || null })}
        />
      ) : field === 'cycle' ? (
        <CycleChoice issue={issue} project={project} common={common} save={save} />
      ) : (
        <PropertyCombobox
          {...common}
          label="Labels"
          placeholder="Add or remove labels…"
          multiple
          options={choices.labels}
          selected={issue.labelIds}
          onCreate={(name) => void createLabel(name)}
          onSelect={(id) => void save({ labelIds: toggle(choices.currentLabels, id) })}
        />
      )}
    </div>
  );
}

/** The project's open cycles and No cycle, as the issue page's Cycle field offers them. */
function CycleChoice({
  issue,
  project,
  common,
  save,
}: {
  issue: IssueDoc;
  project: ProjectDoc;
  common: { onClose: (reason: ComboCloseReason) => void; placeholder: string };
  save: (changes: IssueEdit) => Promise<void>;
}) {
  const cycles = useProjectCycles(project._id);
  const cycleId = issue.cycleId ?? null;
  const options = cycleOptions(cycles, cycleId, dayOfMoment(new Date()));
  return (
    <PropertyCombobox
      {...common}
      label="Cycle"
      options={options}
      selected={[cycleId ?? NONE]}
      onSelect={(value) => void save({ cycleId: value || null })}
    />
  );
}
