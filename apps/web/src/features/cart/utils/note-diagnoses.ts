import type { DxCaptureData } from '@cairn/contracts';
import { formatIcdCode, normalizeIcdCode } from './format';

export interface NoteDiagnosisOption {
  /** The code as stored (`E1122`): one option per code, however the cart or a suggestion writes it. */
  icdCode: string;
  label: string;
  isInCart: boolean;
}

/**
 * The diagnoses the note wizard offers: the cart's first (chosen by default), then the visit's other
 * suggestions not rejected, which the provider may still want to document.
 */
export function noteDiagnosisOptions(data: DxCaptureData): NoteDiagnosisOption[] {
  const seen = new Set<string>();
  const options: NoteDiagnosisOption[] = [];
  const offer = (code: string, description: string, isInCart: boolean) => {
    const icdCode = normalizeIcdCode(code);
    if (seen.has(icdCode)) return;
    seen.add(icdCode);
    options.push({ icdCode, label: `${formatIcdCode(icdCode)} ${description}`, isInCart });
  };
  for (const item of data.cart) offer(item.icdCode, item.description, true);
  for (const group of data.groups) {
    for (const item of group.items) {
      if (item.decision?.status !== 'rejected') offer(item.icdCode, item.description, false);
    }
  }
  return options;
}

/**
 * What the provider changed from the default (a cart code unticked, another code ticked), by code: kept
 * as changes rather than a list taken once, so a code that joins the cart while the wizard is open is
 * chosen too.
 */
export type NoteChoices = ReadonlyMap<string, boolean>;

/** The codes to draft: each option's own choice when the provider made one, else whether it is in the cart. */
export function chosenNoteCodes(options: readonly NoteDiagnosisOption[], choices: NoteChoices): string[] {
  return options.filter((option) => choices.get(option.icdCode) ?? option.isInCart).map((option) => option.icdCode);
}

/** The provider's choices after they ticked `chosen` among `options`: only departures from the default are kept. */
export function recordNoteChoices(
  options: readonly NoteDiagnosisOption[],
  chosen: readonly string[],
  previous: NoteChoices,
): NoteChoices {
  const next = new Map(previous);
  for (const option of options) {
    const isChosen = chosen.includes(option.icdCode);
    if (isChosen === option.isInCart) next.delete(option.icdCode);
    else next.set(option.icdCode, isChosen);
  }
  return next;
}
