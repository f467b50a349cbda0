import { deviceCopyContract } from './copy/device-copy-contract';
import { demoContract } from './demo/demo-contract';
import { syncContract } from './sync/sync-contract';
import { exportContract } from './export/export-contract';
import { insightsContract } from '@/engine/figures/insights-contract';
import { pageReaderContract } from '@/engine/loader/page-reader-contract';

/** Every method of the engine, by name: the one contract the page and the engine worker share. */
export const engineContract = {
  ...insightsContract,
  ...deviceCopyContract,
  ...pageReaderContract,
  ...exportContract,
  ...demoContract,
  ...syncContract,
};

export type EngineContract = typeof engineContract;
