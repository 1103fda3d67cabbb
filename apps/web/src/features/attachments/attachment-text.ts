/** "12 KB", "3.4 MB": a file's size as a person reads it. */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  const units = ['KB', 'MB', 'GB'];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  return `${value < 10 ? value.toFixed(1).replace(/\.0$/, '') : Math.round(value)} ${units[unit]}`;
}

/** Pictures a browser shows inline: shown in the text; any other file is a link to it. */
const PICTURE = /^image\/(png|jpeg|gif|webp|avif)$/;

// Markdown would read these in a name as its own syntax (a link's text ends at `]`).
const escapeName = (name: string) => name.replace(/[\\[\]*_`<>]/g, (c) => `\\${c}`);

/**
 * What a pasted or dropped file puts into the text (SPEC §11): a picture as an image, anything
 * else as a link with its name and size, both pointing at the file's address.
 */
export function attachmentMarkdown(
  file: { name: string; type: string; size: number },
  url: string,
) {
  const name = escapeName(file.name.replace(/[\r\n]+/g, ' ') || 'file');
  return PICTURE.test(file.type)
    ? `![${name}](${url})`
    : `[${name} (${formatBytes(file.size)})](${url})`;
}
