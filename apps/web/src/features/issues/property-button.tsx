import type { ReactNode } from 'react';
import { menuButtonLabel, type MenuField } from './property-menu-model.ts';
import './property-button.css';

export type OpenMenu = (issueId: string, field: MenuField, anchor: HTMLElement) => void;

export interface PropertyButtonProps {
  issueId: string;
  issueKey: string;
  field: MenuField;
  /** The value now, as read out: "In Progress", "unassigned". */
  current: string;
  className: string;
  /** Null for roles that cannot edit: the content is a plain picture, not a button. */
  onOpen: OpenMenu | null;
  expanded: boolean;
  children: ReactNode;
}

/**
 * A row's or card's property icon: a button opening the property's menu for those who may
 * edit, else the same picture hidden from assistive tech (the row's or card's name says it).
 */
export function PropertyButton(props: PropertyButtonProps) {
  const { issueId, issueKey, field, current, className, onOpen, expanded, children } = props;
  if (!onOpen)
    return (
      <span className={className} aria-hidden="true">
        {children}
      </span>
    );
  return (
    <button
      type="button"
      className={`property-button ${className}`}
      data-menu={field}
      aria-label={menuButtonLabel(field, issueKey, current)}
      aria-expanded={expanded}
      onClick={(e) => onOpen(issueId, field, e.currentTarget)}
    >
      {children}
    </button>
  );
}
