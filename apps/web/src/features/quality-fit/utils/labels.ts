import { FIT_LANGUAGES, type FitKitStatus } from '@cairn/contracts';

export const KIT_STATUS_LABELS: Record<FitKitStatus, string> = {
  mailed: 'Mailed',
  returned: 'Returned',
  resulted: 'Resulted',
  lost: 'Lost',
  declined: 'Declined',
};

export const KIT_STATUS_COLOURS: Record<FitKitStatus, string> = {
  mailed: 'blue',
  returned: 'gold',
  resulted: 'green',
  lost: 'default',
  declined: 'default',
};

export function languageLabel(tag: string): string {
  return FIT_LANGUAGES.find((language) => language.tag === tag)?.label ?? tag;
}
