import {
  colorSchema,
  COLOR_PALETTE,
  labelNameSchema,
  labelNameTaken,
  labelNameTakenMessage,
  LIMITS,
  type LabelDoc,
} from '@keel/domain';

export interface LabelDraft {
  name: string;
  color: string;
}

export type LabelErrors = Partial<Record<keyof LabelDraft, string>>;

export const EMPTY_LABEL_DRAFT: LabelDraft = { name: '', color: COLOR_PALETTE[6] };

/**
 * SPEC §5 for a label: the domain's field messages, a name unique ignoring case and, for a new
 * label, room under the workspace's limit. `selfId` is the label being edited.
 */
export function validateLabelDraft(
  draft: LabelDraft,
  labels: readonly Pick<LabelDoc, '_id' | 'name'>[],
  selfId?: string,
): LabelErrors {
  const errors: LabelErrors = {};
  const name = labelNameSchema.safeParse(draft.name);
  if (!name.success) errors.name = name.error.issues[0]?.message;
  else if (labelNameTaken(draft.name, labels, selfId))
    errors.name = labelNameTakenMessage(draft.name);
  else if (!selfId && labels.length >= LIMITS.labelsPerWorkspace)
    errors.name = `A workspace has at most ${LIMITS.labelsPerWorkspace} labels`;
  const color = colorSchema.safeParse(draft.color);
  if (!color.success) errors.color = color.error.issues[0]?.message;
  return errors;
}

/** The palette colour after `color`, so labels created in a row do not all look alike. */
export function nextPaletteColor(color: string): string {
  const index = COLOR_PALETTE.findIndex((c) => c.toUpperCase() === color.toUpperCase());
  return COLOR_PALETTE[(index + 1) % COLOR_PALETTE.length]!;
}
