import fc from 'fast-check';
import { registration } from '@/engine/figures/testing/demo-event';
import { questionColumnId, questionOfColumn } from './question-columns';
import { cellText, RowBuilder, searchMatcher, searchText } from './registration-rows';
import { searchTerms } from '@/lib/text-keys';

const labels = {
  category: (id: number | null | undefined) => (id == null ? '' : `Category ${id}`),
  status: (status: string | null | undefined) => (status === 'paid' ? 'Paid' : (status ?? '')),
  person: (r: { first_name?: string | null; last_name?: string | null }) =>
    `${r.first_name ?? ''} ${r.last_name ?? ''}`.trim(),
};

const [row] = new RowBuilder(labels).build([
  registration({
    registration_id: 42,
    first_name: 'Hélène',
    last_name: null,
    email: 'helene@example.org',
    category_id: 7,
    order_id: 'A-1',
    payment_status: 'paid',
    custom_questions: [
      { que_id: 3, que_question_fr: 'Taille', que_question_en: 'Size', reponse: 'M' },
      { que_id: 5, que_question_fr: 'Club', que_question_en: 'Club', reponse: 'Les Lacets' },
      { que_id: 3, que_question_fr: 'Taille', que_question_en: 'Size', reponse: 'L' },
    ],
  }),
]);

describe('a cell of the table, read from its registration', () => {
  it('is the field’s text, the category’s and status’s labels, and each question’s answer', () => {
    expect(cellText(row!, 'registration_id')).toBe('42');
    expect(cellText(row!, 'first_name')).toBe('Hélène');
    expect(cellText(row!, 'email')).toBe('helene@example.org');
    expect(cellText(row!, 'category')).toBe('Category 7');
    expect(cellText(row!, 'order_id')).toBe('A-1');
    expect(cellText(row!, 'payment_status')).toBe('Paid');
    expect(cellText(row!, questionColumnId(5))).toBe('Les Lacets');
  });

  it('shows the last answer of a question answered twice, as the API listed them', () => {
    expect(cellText(row!, questionColumnId(3))).toBe('L');
  });

  it('is empty for an empty field, an unanswered question and a column the table does not have', () => {
    expect(cellText(row!, 'last_name')).toBe('');
    expect(cellText(row!, questionColumnId(9))).toBe('');
    for (const junk of ['q:', 'q:3x', 'q:-3', 'q:1e3', 'created_at', '', '__proto__'])
      expect(cellText(row!, junk)).toBe('');
  });
});

describe('the question of a column', () => {
  it('is the inverse of the column’s id, and null for any other text', () => {
    fc.assert(
      fc.property(fc.nat(), (queId) => {
        expect(questionOfColumn(questionColumnId(queId))).toBe(queId);
      }),
    );
    fc.assert(
      fc.property(fc.string(), (text) => {
        const queId = questionOfColumn(text);
        if (queId !== null) expect(questionColumnId(queId)).toBe(text.replace(/^q:0+(?=\d)/, 'q:'));
      }),
    );
  });
});

describe('a search over the visible columns', () => {
  const columns = ['first_name', 'category', 'payment_status', questionColumnId(5)];
  const matches = (query: string, columnIds: readonly string[] = columns) =>
    searchMatcher(columnIds, searchTerms(query))(row!);

  it('finds a term in a cell, in the category’s label and in the status’s label, each term anywhere', () => {
    expect(matches('helene')).toBe(true);
    expect(matches('category 7')).toBe(true);
    expect(matches('PAID lacets')).toBe(true);
    expect(matches('helene paid category lacets')).toBe(true);
    expect(matches('helene refunded')).toBe(false);
  });

  it('finds nothing in a column that is hidden, labels included', () => {
    expect(matches('category', ['first_name'])).toBe(false);
    expect(matches('paid', ['first_name', 'category'])).toBe(false);
    expect(matches('lacets', ['first_name'])).toBe(false);
  });

  it('never finds a term across two cells', () => {
    expect(matches('helene les')).toBe(true);
    expect(matches('heleneles')).toBe(false);
    expect(matches('7 paid')).toBe(true);
    expect(matches('7paid')).toBe(false);
  });

  it('keeps the labels out of each row’s searched text: they are searched once per search', () => {
    expect(searchText(row!, columns)).not.toContain('category');
    expect(searchText(row!, columns)).not.toContain('paid');
  });
});
