import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import i18n from '@/i18n';
import type { Registration } from '@/engine/api/registration-schemas';
import { questionInsights } from '@/engine/figures/question-insights';
import { useInsightLabels } from '@/features/registrations/insights/use-insight-labels';
import { registration } from '@/engine/figures/testing/demo-event';
import { QuestionAnswers } from './question-answers';

const EVENT = 7;

/** An emergency-contact question: every answer one person's name and phone, a few left blank. */
function emergencyContacts(): Registration[] {
  return Array.from({ length: 40 }, (_, i) =>
    registration({
      registration_id: i + 1,
      category_id: i % 2 === 0 ? 1 : 2,
      custom_questions: [
        {
          que_id: 9,
          que_question_en: 'Emergency contact',
          que_question_fr: 'Contact d’urgence',
          reponse: i < 36 ? `Contact ${i % 3} – 079 ${100 + i} 45 67` : '',
        },
      ],
    }),
  );
}

function Answers({ rows }: { rows: readonly Registration[] }) {
  const labels = useInsightLabels([]);
  const [question] = questionInsights(rows, { byCategory: true });
  return (
    <MemoryRouter>
      <QuestionAnswers eventId={EVENT} question={question!} total={rows.length} labels={labels} />
    </MemoryRouter>
  );
}

const TEXT = {
  en: {
    title: 'Emergency contact',
    answered: '36 of 40 answered (90%)',
    sentence:
      'Free-text answers are not listed, to protect privacy: none was given by enough people. Each answer is in its registration’s details.',
    link: 'Open the registrations',
    split: 'Split by category',
    unlisted: /^Answers not listed \(36 different\)$/,
  },
  fr: {
    title: 'Contact d’urgence',
    answered: '36 sur 40 ont répondu (90 %)',
    sentence:
      'Les réponses libres ne sont pas listées, pour protéger la vie privée\u00a0: aucune n’a été donnée par assez de personnes. Chaque réponse figure dans le détail de son inscription.',
    link: 'Ouvrir les inscriptions',
    split: 'Répartir par catégorie',
    unlisted: /^Réponses non listées \(36 différentes\)$/,
  },
} as const;

describe.each(['en', 'fr'] as const)('a free-text question nobody shares (%s)', (lang) => {
  it('shows who answered and who did not, no chart, why, and where the answers are', async () => {
    await act(() => i18n.changeLanguage(lang));
    const text = TEXT[lang];
    render(<Answers rows={emergencyContacts()} />);
    const section = screen.getByRole('region', { name: text.title });
    expect(within(section).getByText(text.answered)).toBeInTheDocument();
    expect(section.textContent).not.toMatch(/079/);
    expect(within(section).queryByRole('table')).toBeNull();
    const sentence = within(section).getByText((_, element) =>
      element?.tagName === 'P' ? (element.textContent ?? '').startsWith(text.sentence) : false,
    );
    expect(within(sentence).getByRole('link', { name: text.link })).toHaveAttribute(
      'href',
      `/events/${EVENT}/registrations`,
    );

    // Split by category: answered (not listed) and not answered per category, no answer shown.
    await userEvent.click(within(section).getByRole('button', { name: text.split }));
    const table = within(section).getByRole('table');
    expect(table.textContent).not.toMatch(/079/);
    expect(within(table).getByText(text.unlisted)).toBeInTheDocument();
  });
});
