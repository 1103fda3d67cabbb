/** Up to two letters for an avatar: first and last word of a name, else the email's start. */
export function initials(name: string, fallback = '?'): string {
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
