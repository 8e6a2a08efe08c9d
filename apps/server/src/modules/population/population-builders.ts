import { riskAnalyticsBuilder } from '../risk-analytics';
import type { PopulationBuilder } from './population-refresh';

/** Every part of the population tables, rebuilt in this order. */
export const POPULATION_BUILDERS: readonly PopulationBuilder[] = [riskAnalyticsBuilder];
