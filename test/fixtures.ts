import { DEMO_KEYS } from '@/mocks/data/demo-keys';
import type { Session } from '@/lib/session';
import { TEST_API_BASE } from './msw-server';

/** Signed in as the main demo promoter against the test origin. */
export const TEST_SESSION: Session = { baseUrl: TEST_API_BASE, apiKey: DEMO_KEYS.alpine, demo: false };
export const EMPTY_PROMOTER_SESSION: Session = {
  baseUrl: TEST_API_BASE,
  apiKey: DEMO_KEYS.empty,
  demo: false,
};
