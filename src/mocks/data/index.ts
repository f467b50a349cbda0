/** Public surface of the demo dataset (used by the handlers and by tests). */
export { DEMO_EVENT_IDS, EVENT_SPECS } from './catalog';
export { getDemoDataset, resetDemoData, touchRegistrations, type DemoDataset } from './dataset';
export type { EventRecord, QuestionDef } from './event-records';
export { DEMO_KEYS, promoterForKey, type PromoterId } from './demo-keys';
export { TRICKY_ANSWERS } from './tricky-answers';
export type * from './types';
