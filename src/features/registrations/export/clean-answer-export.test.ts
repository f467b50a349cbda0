import { QueryClient } from '@tanstack/react-query';
import i18n from '@/i18n';
import '../i18n';
import type { Registration } from '@/engine/api/registration-schemas';
import { eventModels, sharedLabels } from '../rows/registrations-model';
import { DEFAULT_REGISTRATIONS_VIEW } from '../rows/registrations-view';
import { viewExport } from './export-table';

const EVENT = 77;

function registration(id: number, size: string | null, consent: string | null): Registration {
  return {
    registration_id: id,
    event_id: EVENT,
    first_name: 'Anne',
    last_name: `Roy ${id}`,
    email: null,
    category_id: null,
    order_id: null,
    payment_status: 'paid',
    custom_questions: [
      { que_id: 1, que_question_fr: 'Taille du t-shirt', que_question_en: 'T-shirt size', reponse: size },
      { que_id: 2, que_question_fr: 'Photos', que_question_en: 'Photos', reponse: consent },
      { que_id: 3, que_question_fr: 'Club', que_question_en: 'Club', reponse: 'ASPTT Annecy' },
    ],
  };
}

const REGISTRATIONS = [
  registration(1, 'XL', 'Oui'),
  registration(2, 'tg ', 'non merci'),
  registration(3, 'Extra large', 'Yes'),
  registration(4, 'M/L', 'peut-être'),
  registration(5, 'Taille M', 'no'),
  registration(6, null, 'oui'),
];

async function exported(language: 'en' | 'fr') {
  const labels = sharedLabels(i18n, language, []);
  const model = eventModels(new QueryClient(), EVENT).build(REGISTRATIONS, labels);
  return viewExport(
    model,
    { ...DEFAULT_REGISTRATIONS_VIEW, sort: { id: 'registration_id', desc: false } },
    null,
  );
}

describe('an export of answers read as sizes and yes/no', () => {
  it('puts the clean value beside each answer as typed, empty where it could not be read', async () => {
    const table = await exported('en');
    const at = (title: string) => table.headers.indexOf(title);
    expect(table.headers).toEqual(
      expect.arrayContaining(['T-shirt size', 'T-shirt size (clean)', 'Photos', 'Photos (clean)', 'Club']),
    );
    // The clean column follows its question's; a question answered as typed has none.
    expect(at('T-shirt size (clean)')).toBe(at('T-shirt size') + 1);
    expect(table.headers).not.toContain('Club (clean)');
    expect(table.rows.map((row) => [row[at('T-shirt size')], row[at('T-shirt size (clean)')]])).toEqual([
      ['XL', 'XL'],
      ['tg ', 'XL'],
      ['Extra large', 'XL'],
      ['M/L', ''],
      ['Taille M', 'M'],
      ['', ''],
    ]);
    expect(table.rows.map((row) => row[at('Photos (clean)')])).toEqual(['Yes', 'No', 'Yes', '', 'No', 'Yes']);
  });

  it('titles and writes the clean values in French', async () => {
    const table = await exported('fr');
    const at = table.headers.indexOf('Photos (normalisé)');
    expect(at).toBeGreaterThan(0);
    expect(table.rows.map((row) => row[at])).toEqual(['Oui', 'Non', 'Oui', '', 'Non', 'Oui']);
  });
});
