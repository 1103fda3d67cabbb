import { useRef } from 'react';
import { Link } from 'react-router';
import type { WorkspaceSummary } from '@keel/domain';
import { initials } from '../../shared/lib/initials.ts';

export interface WorkspaceSwitcherProps {
  current: WorkspaceSummary;
  workspaces: readonly WorkspaceSummary[];
}

/** A disclosure (native <details>) listing the user's workspaces and "Create workspace". */
export function WorkspaceSwitcher({ current, workspaces }: WorkspaceSwitcherProps) {
  const details = useRef<HTMLDetailsElement>(null);
  const close = () => details.current?.removeAttribute('open');

  return (
    <details
      ref={details}
      className="switcher"
      onKeyDown={(e) => {
        if (e.key !== 'Escape' || !details.current?.open) return;
        // This Escape is the menu's: the drawer (on a phone) it sits in stays open.
        e.preventDefault();
        close();
      }}
    >
      <summary className="switcher__summary">
        <span className="switcher__badge" aria-hidden="true">
          {initials(current.name)}
        </span>
        <span className="switcher__name">{current.name}</span>
        <span className="visually-hidden">, switch workspace</span>
      </summary>
      <div className="switcher__menu">
        <p className="switcher__label">Workspaces</p>
        <ul>
          {workspaces.map((w) => (
            <li key={w.id}>
              <Link
                to={`/${w.slug}`}
                onClick={close}
                aria-current={w.id === current.id ? 'true' : undefined}
              >
                <span className="switcher__badge" aria-hidden="true">
                  {initials(w.name)}
                </span>
                {w.name}
              </Link>
            </li>
          ))}
        </ul>
        <hr />
        <ul>
          <li>
            <Link to="/new" onClick={close}>
              Create workspace
            </Link>
          </li>
          <li>
            <Link to="/account" onClick={close}>
              Account
            </Link>
          </li>
        </ul>
      </div>
    </details>
  );
}
