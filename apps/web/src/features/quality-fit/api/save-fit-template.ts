import { createFitTemplate, updateFitTemplate, type FitTemplate, type FitTemplateInput } from '@cairn/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { FIT_TEMPLATES_KEY } from './list-fit-templates';

/** Adds a template, or changes the one named by `templateId`; the list is asked again. */
export function useSaveFitTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: FitTemplateInput & { templateId?: string }): Promise<FitTemplate> => {
      const { templateId, ...template } = input;
      return templateId
        ? (await api.call(updateFitTemplate, { ...template, templateId })).result
        : (await api.call(createFitTemplate, template)).result;
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: FIT_TEMPLATES_KEY }),
  });
}
