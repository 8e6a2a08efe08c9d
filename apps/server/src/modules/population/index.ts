export { markPopulationChanged, rebuildPopulation, refreshChangedPopulations } from './population-refresh';
export type { PopulationBuilder, RebuildContext } from './population-refresh';
export { populationRoutes } from './population.routes';
