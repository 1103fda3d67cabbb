import './kbd.css';

const mac = typeof navigator !== 'undefined' && /mac|iphone|ipad/i.test(navigator.userAgent);

/** Key caps for a shortcut, e.g. ['⌘', 'K']; `keysFor` turns a registry shortcut into these. */
export function Kbd({ keys }: { keys: readonly string[] }) {
  return (
    <span className="kbd-group">
      {keys.map((k) => (
        <kbd key={k} className="kbd">
          {k}
        </kbd>
      ))}
    </span>
  );
}

/** Whether to print ⌘ (macOS) or Ctrl for the command key. */
export function isMacPlatform(): boolean {
  return mac;
}
