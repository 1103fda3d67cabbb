import { Dialog } from '../../shared/ui/dialog.tsx';
import { isMacPlatform, Kbd } from '../../shared/ui/kbd.tsx';
import { SECTIONS, type Command } from './commands.ts';
import { shortcutKeys } from './shortcut.ts';
import './shortcuts-overlay.css';

export interface ShortcutsOverlayProps {
  open: boolean;
  onClose: () => void;
  /** This role's commands; those with a shortcut are listed. */
  commands: readonly Command[];
}

/** `?`: every shortcut, grouped by section, straight from the registry. */
export function ShortcutsOverlay({ open, onClose, commands }: ShortcutsOverlayProps) {
  const mac = isMacPlatform();
  const keyed = commands.filter((c) => c.shortcut);
  return (
    <Dialog open={open} title="Keyboard shortcuts" onClose={onClose}>
      <div className="shortcuts">
        {SECTIONS.map((section) => {
          const inSection = keyed.filter((c) => c.section === section);
          if (inSection.length === 0) return null;
          const headingId = `shortcuts-${section.replace(/\s+/g, '-').toLowerCase()}`;
          return (
            <section key={section} className="shortcuts__section" aria-labelledby={headingId}>
              <h3 id={headingId} className="shortcuts__heading">
                {section}
              </h3>
              <ul className="shortcuts__list">
                {inSection.map((c) => (
                  <li key={c.id} className="shortcuts__row">
                    <span>{c.title}</span>
                    <Kbd keys={shortcutKeys(c.shortcut!, mac)} />
                  </li>
                ))}
              </ul>
            </section>
          );
        })}
      </div>
    </Dialog>
  );
}
