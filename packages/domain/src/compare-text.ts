/** Plain code-unit order: what fractional index keys and ids compare by, the same everywhere. */
export const byCodeUnits = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** Titles and names as people read them: case and accents aside, numbers by value. */
export const titleCollator = new Intl.Collator(undefined, { sensitivity: 'base', numeric: true });
