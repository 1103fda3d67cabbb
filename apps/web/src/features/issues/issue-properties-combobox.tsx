import {
  memo,
  useEffect,
  useId,
  useMemo,
  useRef,
  useState,
  type KeyboardEvent,
  type ReactNode,
} from 'react';
import { useFieldIds } from '../../shared/ui/use-field-ids.ts';
import { ariaKeyShortcuts } from '../commands/index.ts';

export interface ComboOption {
  value: string;
  label: string;
  /** Extra words the type-ahead matches, e.g. an issue's key or a member's email. */
  keywords?: string;
  /** Said after the label in the list only (a cycle's days), not in the closed field. */
  detail?: string;
  icon?: ReactNode;
}

export interface PropertyComboboxProps {
  label: string;
  /** The choices; a function when there are thousands (parent issues): built only when open. */
  options: readonly ComboOption[] | (() => readonly ComboOption[]);
  /** With `options` as a function: the current choice, shown while closed. */
  current?: readonly ComboOption[];
  selected: readonly string[];
  multiple?: boolean;
  disabled?: boolean;
  placeholder?: string;
  error?: string | null;
  /** A single key that opens this field from anywhere on the page (SPEC §2), e.g. "s". */
  shortcut?: string;
  /** Offer "Create “query”" when nothing matches exactly; returns nothing, the caller saves. */
  onCreate?: ((name: string) => void) | undefined;
  /**
   * Returning a promise (a save that starts after the next paint), a single choice is shown in
   * the field at once and until the promise settles; by then `selected` says what was saved.
   */
  onSelect: (value: string) => void | Promise<unknown>;
  /**
   * Given, the combobox is a menu (a list row's or a board card's): it opens focused, and says
   * why it closed so its owner can unmount it and put focus back.
   */
  onClose?: ((reason: ComboCloseReason) => void) | undefined;
  /** Told when the list opens and closes; `options` as a function may follow the data while open. */
  onOpenChange?: ((open: boolean) => void) | undefined;
}

export type ComboCloseReason = 'chosen' | 'escape' | 'blur';

const CREATE = '\u0000create';
const MAX_SHOWN = 50;
const NO_OPTIONS: readonly ComboOption[] = [];

/**
 * An ARIA 1.2 combobox with a listbox popup: type to filter, arrows to move, Enter to choose,
 * Esc to close. Closed, the input shows the current choice, so it reads like a value.
 * Memoised: a field whose props did not change is not redrawn (React rewrites an input's
 * attributes on every redraw), so the owner keeps `selected` and the handlers stable.
 */
export const PropertyCombobox = memo(function PropertyCombobox({
  label,
  options: optionsOrLoad,
  current,
  selected,
  multiple = false,
  disabled = false,
  placeholder = 'None',
  error,
  shortcut,
  onCreate,
  onSelect,
  onClose,
  onOpenChange,
}: PropertyComboboxProps) {
  const isMenu = onClose !== undefined;
  const ids = useFieldIds(error, null);
  const listId = useId();
  const [open, setOpen] = useState(isMenu);
  const [query, setQuery] = useState('');
  const [active, setActive] = useState(0);
  const input = useRef<HTMLInputElement>(null);
  // A single choice being saved, shown in place of `selected` meanwhile; the latest choice wins.
  const [picked, setPicked] = useState<ComboOption | null>(null);
  const picks = useRef(0);
  const lazy = typeof optionsOrLoad === 'function';
  const options = useMemo(
    () =>
      typeof optionsOrLoad !== 'function' ? optionsOrLoad : open ? optionsOrLoad() : NO_OPTIONS,
    [optionsOrLoad, open],
  );

  const matches = useMemo(() => {
    const q = query.trim().toLowerCase();
    const found = q
      ? options.filter((o) =>
          `${o.label} ${o.detail ?? ''} ${o.keywords ?? ''}`.toLowerCase().includes(q),
        )
      : options;
    const exact = options.some((o) => o.label.toLowerCase() === q);
    // A workspace may hold thousands of issues: show the best few, typing narrows them.
    const shown = found.slice(0, MAX_SHOWN);
    return onCreate && q && !exact
      ? [...shown, { value: CREATE, label: `Create “${query.trim()}”` }]
      : shown;
  }, [options, query, onCreate]);

  const chosen = picked
    ? [picked]
    : lazy
      ? (current ?? NO_OPTIONS)
      : options.filter((o) => selected.includes(o.value));
  const display = chosen.map((o) => o.label).join(', ');
  // A single choice shows its icon (state ring, priority bars) beside the value while closed.
  const icon = !open && !multiple ? chosen[0]?.icon : undefined;

  useEffect(() => {
    if (isMenu) input.current?.focus({ preventScroll: true });
  }, [isMenu]);

  useEffect(() => {
    onOpenChange?.(open);
  }, [open, onOpenChange]);

  const close = (reason: ComboCloseReason) => {
    setOpen(false);
    setQuery('');
    onClose?.(reason);
  };

  const choose = (option: ComboOption | undefined) => {
    if (!option) return;
    if (option.value === CREATE) onCreate?.(query.trim());
    else {
      const saving = onSelect(option.value);
      if (saving && !multiple) {
        const pick = ++picks.current;
        setPicked(option);
        const shown = () => {
          if (picks.current === pick) setPicked(null);
        };
        saving.then(shown, shown);
      }
    }
    if (multiple) {
      setQuery('');
      input.current?.focus();
    } else close('chosen');
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    const move = (delta: number) => {
      event.preventDefault();
      if (!open) setOpen(true);
      setActive((i) => (matches.length ? (i + delta + matches.length) % matches.length : 0));
    };
    if (!open && event.key.length === 1 && !event.ctrlKey && !event.metaKey && !event.altKey) {
      // Closed, the input shows the current value: the first letter typed starts a new search
      // instead of being appended to it.
      event.preventDefault();
      setQuery(event.key);
      setActive(0);
      setOpen(true);
    } else if (event.key === 'ArrowDown') move(open ? 1 : 0);
    else if (event.key === 'ArrowUp') move(-1);
    else if (event.key === 'Enter' && open) {
      event.preventDefault();
      choose(matches[active]);
    } else if (event.key === 'Escape' && open) {
      event.preventDefault();
      event.stopPropagation();
      close('escape');
    }
  };

  const activeId = open && matches[active] ? `${listId}-${active}` : undefined;
  return (
    <div className={`field property-combobox${isMenu ? ' property-combobox--menu' : ''}`}>
      <label htmlFor={ids.id} className={isMenu ? 'visually-hidden' : 'field__label'}>
        {label}
      </label>
      <div className="property-combobox__control" data-icon={icon ? true : undefined}>
        {icon ? <span className="property-combobox__icon">{icon}</span> : null}
        <input
          ref={input}
          id={ids.id}
          role="combobox"
          data-property={label}
          aria-keyshortcuts={shortcut ? ariaKeyShortcuts(shortcut) : undefined}
          className="field__control property-combobox__input"
          aria-expanded={open}
          aria-controls={listId}
          aria-autocomplete="list"
          aria-activedescendant={activeId}
          aria-invalid={error ? true : undefined}
          aria-describedby={ids.describedBy}
          autoComplete="off"
          disabled={disabled}
          placeholder={open && !isMenu ? 'Type to filter…' : placeholder}
          value={open ? query : display}
          onFocus={() => setActive(0)}
          onClick={() => setOpen(true)}
          onChange={(e) => {
            setQuery(e.target.value);
            setActive(0);
            setOpen(true);
          }}
          onBlur={() => close('blur')}
          onKeyDown={onKeyDown}
        />
      </div>
      <ul
        id={listId}
        role="listbox"
        aria-label={label}
        aria-multiselectable={multiple || undefined}
        className="property-combobox__list"
        hidden={!open}
      >
        {open && matches.length === 0 ? (
          <li className="property-combobox__empty" role="presentation">
            No matches
          </li>
        ) : null}
        {open
          ? matches.map((option, i) => (
              <li
                key={option.value}
                id={`${listId}-${i}`}
                role="option"
                aria-selected={selected.includes(option.value)}
                className="property-combobox__option"
                data-active={i === active || undefined}
                // Keep focus in the input so the list stays open for the next choice.
                onMouseDown={(e) => e.preventDefault()}
                onMouseEnter={() => setActive(i)}
                onClick={() => choose(option)}
              >
                {option.icon}
                <span className="property-combobox__label">
                  {option.label}
                  {option.detail ? (
                    <span className="property-combobox__detail"> {option.detail}</span>
                  ) : null}
                </span>
                {selected.includes(option.value) ? (
                  <span className="property-combobox__check" aria-hidden="true">
                    ✓
                  </span>
                ) : null}
              </li>
            ))
          : null}
      </ul>
      {error ? (
        <p id={ids.errorId} className="field__error">
          {error}
        </p>
      ) : null}
    </div>
  );
});
