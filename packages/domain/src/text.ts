import { z } from 'zod';

// Control characters other than tab and newline (C0, DEL, C1).
// eslint-disable-next-line no-control-regex -- the whole point is to match them
const FORBIDDEN_CONTROL = /[\u0000-\u0008\u000B-\u001F\u007F-\u009F]/;

/** SPEC §5: text is trimmed and NFC-normalised before any rule applies. */
export function normalizeText(value: string): string {
  return value.normalize('NFC').trim();
}

// A surrogate without its partner is not a character: it cannot be written as UTF-8, so what
// was typed is not what would be stored or shown. JSON's `\ud800` escape gets one past parsing.
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export function hasForbiddenControl(value: string): boolean {
  return FORBIDDEN_CONTROL.test(value) || LONE_SURROGATE.test(value);
}

/** Length in user-visible characters (code points), not UTF-16 units. */
export function textLength(value: string): number {
  let n = 0;
  for (const _ of value) n++;
  return n;
}

function describeLength(min: number, max: number, label: string) {
  return {
    tooShort: min <= 1 ? `${label} is required` : `${label} must be at least ${min} characters`,
    tooLong: `${label} must be at most ${max.toLocaleString('en-US')} characters`,
  };
}

/**
 * A text field following SPEC §5: normalised, no control characters, bounded length in
 * characters. `label` is the human field name used in the message ("Title is required").
 */
export function textField(
  label: string,
  min: number,
  max: number,
  options: { multiline?: boolean } = {},
) {
  const messages = describeLength(min, max, label);
  return z
    .string({ error: min > 0 ? `${label} is required` : `${label} must be text` })
    .transform(normalizeText)
    .superRefine((value, ctx) => {
      if (hasForbiddenControl(value) || (!options.multiline && /[\n\t]/.test(value))) {
        ctx.addIssue({
          code: 'custom',
          message: `${label} contains characters that are not allowed`,
        });
        return;
      }
      const length = textLength(value);
      if (length < min) ctx.addIssue({ code: 'custom', message: messages.tooShort });
      else if (length > max) ctx.addIssue({ code: 'custom', message: messages.tooLong });
    });
}
