import type { DxCaptureData } from '@cairn/contracts';
import { formatIcdCode, normalizeIcdCode } from './format';

export interface NoteDiagnosisOption {
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
  const offer = (icdCode: string, description: string, isInCart: boolean) => {
    const key = normalizeIcdCode(icdCode);
    if (seen.has(key)) return;
    seen.add(key);
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
