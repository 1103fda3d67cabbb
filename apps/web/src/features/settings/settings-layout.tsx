import { NavLink, Outlet } from 'react-router';
import { can, type Permission } from '@keel/domain';
import { useWorkspace } from '../../data/workspace-context.tsx';
import './settings-layout.css';

const SECTIONS: readonly { path: string; label: string; end: boolean; needs?: Permission }[] = [
  { path: '', label: 'General', end: true },
  { path: '/members', label: 'Members', end: false },
  { path: '/projects', label: 'Projects', end: false },
  { path: '/labels', label: 'Labels', end: false },
  { path: '/data', label: 'Import and export', end: false },
  // Shown to those who manage them; the page itself says why to anyone else who finds it.
  { path: '/webhooks', label: 'Webhooks', end: false, needs: 'webhook:manage' },
  { path: '/github', label: 'GitHub', end: false, needs: 'webhook:manage' },
];

/** `/:ws/settings/*`: the settings sections side by side with the section on screen. */
export function SettingsLayout() {
  const { slug, role } = useWorkspace();
  return (
    <div className="settings">
      <nav className="settings__nav" aria-label="Settings">
        <p className="settings__nav-title">Settings</p>
        <ul>
          {SECTIONS.filter((s) => !s.needs || can(role, s.needs)).map((section) => (
            <li key={section.label}>
              <NavLink to={`/${slug}/settings${section.path}`} end={section.end}>
                {section.label}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <div className="settings__content">
        <Outlet />
      </div>
    </div>
  );
}
