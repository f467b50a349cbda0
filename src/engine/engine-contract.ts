import { insightsContract } from '@/features/registrations/insights/insights-contract';

/** Every method of the engine, by name: the one contract the page and the engine worker share. */
export const engineContract = {
  ...insightsContract,
};

export type EngineContract = typeof engineContract;
