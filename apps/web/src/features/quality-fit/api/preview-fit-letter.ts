import { previewFitLetter, type EndpointInput, type FitLetter, type QualityPatient } from '@cairn/contracts';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api';

export type FitPreviewInput = EndpointInput<typeof previewFitLetter>;

/**
 * The letter merged for the sample patient or a chosen one, on request: a chosen patient's preview
 * is a read of their record (audited), so it is not asked for on every key typed.
 */
export function usePreviewFitLetter() {
  return useMutation({
    mutationFn: async (input: FitPreviewInput): Promise<{ letter: FitLetter; patient: QualityPatient | null }> =>
      (await api.call(previewFitLetter, input)).result,
  });
}
