/** Public surface of the demo dataset (used by the handlers and by tests). */
export { advanceDemoDays, type DemoAdvance, type DemoEventChanges } from './advance';
export { DEMO_EVENT_IDS } from './catalog';
export { demoNow } from './clock';
export { getDemoDataset, resetDemoData, touchRegistrations } from './dataset';
export type { QuestionDef } from './event-records';
export { TRICKY_ANSWERS } from './tricky-answers';
export type * from './types';
