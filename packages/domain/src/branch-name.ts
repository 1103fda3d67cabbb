/** Linear keeps a branch name under about 60 characters; so do we. */
export const BRANCH_NAME_MAX = 60;

/**
 * The git branch name for an issue, in Linear's format: the key in lower case, then the title's
 * words, e.g. `eng-12-fix-the-login-redirect`. Only ASCII letters and digits survive (accents
 * are taken off, apostrophes dropped so "don't" stays one word); everything else separates words.
 * A long title is cut at a word boundary so the whole stays within `max` characters.
 */
export function branchName(issueKey: string, title: string, max = BRANCH_NAME_MAX): string {
  const key = slugWords(issueKey).join('-');
  let name = key;
  for (const word of slugWords(title)) {
    const next = name ? `${name}-${word}` : word;
    if (next.length > max) {
      // A first word longer than the room left is cut rather than leaving only the key.
      if (name === key) name = next.slice(0, max).replace(/-+$/, '');
      break;
    }
    name = next;
  }
  return name;
}

function slugWords(text: string): string[] {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/['’]/g, '')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
}
