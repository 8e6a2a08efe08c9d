import { paymentRaf, scoreRaf, type RafInput, type RafResult } from './score';
import type { HccModelName } from './types';

/** One model's share of a blended payment score. */
export interface BlendComponent {
  model: HccModelName;
  /** Share of the blend, e.g. 0.67 for V28 in PY2025. */
  weight: number;
  /** The model's own normalisation factor for the payment year (Rate Announcement). */
  normalizationFactor: number;
}

export interface BlendOptions {
  /** Models and weights; the weights must add up to 1. */
  components: readonly BlendComponent[];
  /** MA coding-pattern adjustment applied to the blended score, e.g. 0.059. */
  codingAdjustment?: number;
  applyMce?: boolean;
}

export interface BlendResult {
  /** Sum of weight x normalised score, times (1 - coding adjustment), rounded to 4 decimals. */
  raf: number;
  components: { model: HccModelName; weight: number; normalized: number; result: RafResult }[];
}

/**
 * A blended payment score, as CMS computed PY2024 and PY2025 MA scores: each model's raw score is
 * divided by its own normalisation factor, the normalised scores are weighted (PY2025: 67 % V28,
 * 33 % V24), and the MA coding-pattern adjustment is applied to the blend.
 */
export function blendRaf(input: RafInput, options: BlendOptions): BlendResult {
  const total = options.components.reduce((sum, component) => sum + component.weight, 0);
  if (options.components.length === 0 || Math.abs(total - 1) > 1e-9)
    throw new RangeError('blend weights must add up to 1');
  if (options.components.some((component) => component.weight < 0))
    throw new RangeError('blend weights must not be negative');
  if (options.components.some((component) => !(component.normalizationFactor > 0))) {
    throw new RangeError('normalization factors must be positive');
  }
  const components = options.components.map((component) => {
    const result = scoreRaf(input, { model: component.model, applyMce: options.applyMce ?? true });
    return {
      model: component.model,
      weight: component.weight,
      normalized: result.raf / component.normalizationFactor,
      result,
    };
  });
  const blended = components.reduce((sum, component) => sum + component.weight * component.normalized, 0);
  return { raf: paymentRaf(blended, 1, options.codingAdjustment ?? 0), components };
}
