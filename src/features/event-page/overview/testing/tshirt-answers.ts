import { screen, within } from '@testing-library/react';
import { readGarmentSize } from '@/lib/clean-answers/garment-sizes';
import { DEMO_EVENT_IDS, getDemoDataset } from '@/mocks/data';
import { TEST_TODAY } from '../../../../../test/msw-server';
import type { renderApp } from '../../../../../test/render';

/** The 45-registration demo event the answers tests open, and its T-shirt question. */
export const EVENT = DEMO_EVENT_IDS.trickySmall;
export const TOTAL = 45;
const TSHIRT = 100301;

/** The event's T-shirt sizes as typed, blanks left out, from the demo data. */
export const typedSizes = () =>
  getDemoDataset(TEST_TODAY)
    .registrationsOf(EVENT)
    .flatMap((r) =>
      r.custom_questions.filter((entry) => entry.que_id === TSHIRT && entry.reponse.trim() !== ''),
    )
    .map((entry) => entry.reponse);

/** How many typed this size, recounted here with the size reader alone. */
export const counted = (size: string) =>
  typedSizes().filter((typed) => readGarmentSize(typed) === size).length;

/** The event page's answers tab, the T-shirt question's reading opened: the question and its table. */
export async function openTshirtReading(user: ReturnType<typeof renderApp>['user']) {
  await screen.findByText(`Computed from all ${TOTAL} registrations.`);
  const question = screen.getByRole('region', { name: 'T-shirt size' });
  await user.click(within(question).getByText('How these answers were read'));
  return { question, table: await within(question).findByRole('table', { name: /^How each answer to/ }) };
}
