/** Up to two letters for an avatar: first and last word of a name, else the email's start. */
export function initials(name: string, fallback = '?'): string {
  const key = `${fallback}\u0000${name}`;
  let found = known.get(key);
  if (found === undefined) {
    found = fromWords(name, fallback);
    if (known.size >= MAX_KNOWN) known.clear();
    known.set(key, found);
  }
  return found;
}

// Lists draw the same few names on every row and every keystroke: each is worked out once.
const known = new Map<string, string>();
const MAX_KNOWN = 2_000;

function fromWords(name: string, fallback: string): string {
  const words = name
    .trim()
    .split(/[\s@._-]+/)
    .filter(Boolean);
  const first = words[0];
  if (!first) return fallback;
  const last = words.length > 1 ? words[words.length - 1] : undefined;
  const letters = [...first].slice(0, 1).concat(last ? [...last].slice(0, 1) : []);
  return letters.join('').toUpperCase();
}
