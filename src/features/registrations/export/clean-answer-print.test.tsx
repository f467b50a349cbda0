import { render } from '@testing-library/react';
import { QueryClient } from '@tanstack/react-query';
import { z } from '@/lib/zod';
import { eventSchema } from '@/engine/api/event-schemas';
import type { Registration } from '@/engine/api/registration-schemas';
import i18n from '@/i18n';
import '../i18n';
import type { Language } from '@/i18n/languages';
import { DEMO_EVENT_IDS, getDemoDataset } from '@/mocks/data';
import { demoEvent, registration } from '@/engine/figures/testing/demo-event';
import { cleanAnswers } from '../rows/question-readings';
import { eventModels, sharedLabels } from '../rows/registrations-model';
import { LabelSheet } from './label-sheet';
import { PrintList } from './print-list';
import { DEFAULT_CHECK_IN_OPTIONS, DEFAULT_LABEL_OPTIONS } from './print-options';

const record = getDemoDataset('2026-11-22').findEvent(DEMO_EVENT_IDS.nullEnglish)!;
const event = z.parse(eventSchema, record.event);
const { categories } = demoEvent(DEMO_EVENT_IDS.nullEnglish);
const categoryId = categories[0]!.category_id;

const SIZES = ['XL', 'tg ', 'Extra large', 'M/L', 'Taille M'];
const registrations: Registration[] = SIZES.map((size, index) =>
  registration({
    registration_id: index + 1,
    last_name: `Roy ${String.fromCharCode(65 + index)}`,
    first_name: 'Léa',
    category_id: categoryId,
    custom_questions: [
      { que_id: 1, que_question_fr: 'Taille du t-shirt', que_question_en: 'T-shirt size', reponse: size },
      { que_id: 3, que_question_fr: 'Club', que_question_en: 'Club', reponse: 'ASPTT Annecy' },
    ],
  }),
);

/** The model and clean values as the table hands them to print, in a language. */
async function printed(language: Language) {
  const labels = sharedLabels(i18n, language, categories);
  const model = eventModels(new QueryClient(), event.eve_id).build(registrations, labels);
  return { model, clean: await cleanAnswers(model, model.columnIds) };
}

const column = (index: number) =>
  [...document.querySelectorAll('.print-list tbody tr')].map(
    (tr) => tr.querySelectorAll('td')[index]?.textContent ?? '',
  );

describe('printing answers read as sizes', () => {
  it('prints each size as the figures count it on the check-in list, and an unread one as typed', async () => {
    const { model, clean } = await printed('en');
    render(
      <PrintList
        event={event}
        rows={model.rows}
        clean={clean}
        categories={categories}
        columnIds={model.columnIds}
        titles={model.titles}
        options={{ ...DEFAULT_CHECK_IN_OPTIONS, columns: ['last_name', 'q:1', 'q:3'] }}
      />,
    );
    // Sorted by last name, as the desks read it.
    expect(column(0)).toEqual(['Roy A', 'Roy B', 'Roy C', 'Roy D', 'Roy E']);
    expect(column(1)).toEqual(['XL', 'XL', 'XL', 'M/L', 'M']);
    // A question answered as typed prints as typed.
    expect(column(2)).toEqual(Array(5).fill('ASPTT Annecy'));
  });

  it('puts the clean size on each label, in the interface language', async () => {
    const { model, clean } = await printed('fr');
    render(
      <LabelSheet
        rows={model.rows}
        clean={clean}
        categories={categories}
        titles={model.titles}
        options={{ ...DEFAULT_LABEL_OPTIONS, answer: 'q:1' }}
        startAt={1}
      />,
    );
    const answers = [...document.querySelectorAll('.label-sheet__answer strong')].map(
      (node) => node.textContent,
    );
    expect(answers.toSorted()).toEqual(['M', 'M/L', 'XL', 'XL', 'XL']);
  });
});
