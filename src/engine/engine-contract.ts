import { deviceCopyContract } from './copy/device-copy-contract';
import { demoContract } from './demo/demo-contract';
import { syncContract } from './sync/sync-contract';
import { listContract } from './sync/list-contract';
import { exportContract } from './export/export-contract';
import { insightsContract } from '@/engine/figures/insights-contract';

/** Every method of the engine, by name: the one contract the page and the engine worker share. */
export const engineContract = {
  ...insightsContract,
  ...deviceCopyContract,
  ...exportContract,
  ...demoContract,
  ...syncContract,
  ...listContract,
};

export type EngineContract = typeof engineContract;
