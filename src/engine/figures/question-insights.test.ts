import { DEMO_EVENT_IDS, TRICKY_ANSWERS } from '@/mocks/data';
import type { Registration } from '../api/registration-schemas';
import { cachedAnswerKey } from '@/lib/text-keys';
import { readGarmentSize } from '@/lib/clean-answers/garment-sizes';
import { questionInsights, type QuestionInsight } from './question-insights';
import { tallyQuestions } from './question-tally';
import { demoEvent, registration } from './testing/demo-event';

/** A size's key as the figures count it: its clean value, or the answer folded when none. */
function sizeKey(text: string): string {
  const size = readGarmentSize(text);
  return size ? `=SIZE:${size}` : fold(text);
}

/** The test's own folding (not the code under test): trim, one space, no accents, lower case. */
function fold(text: string): string {
  return text
    .trim()
    .replace(/\s+/g, ' ')
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/œ/g, 'oe')
    .replace(/æ/g, 'ae')
    .replace(/ß/g, 'ss');
}

/** Plain-loop count of one question's answers by folded key. */
function countAnswers(
  registrations: readonly Registration[],
  queId: number,
  keyOf: (text: string) => string = fold,
) {
  const counts = new Map<string, number>();
  let answered = 0;
  let asked = 0;
  for (const r of registrations) {
    let has = false;
    for (const entry of r.custom_questions) {
      if (entry.que_id !== queId) continue;
      has = true;
      const key = keyOf(entry.reponse ?? '');
      if (key === '') continue;
      answered++;
      counts.set(key, (counts.get(key) ?? 0) + 1);
      break;
    }
    if (has) asked++;
  }
  return { counts, answered, asked };
}

function byId(insights: readonly QuestionInsight[], queId: number): QuestionInsight {
  const found = insights.find((q) => q.queId === queId);
  if (!found) throw new Error(`question ${queId} missing`);
  return found;
}

describe('questionInsights on the demo marathon (25,000 registrations)', () => {
  const { registrations, questions } = demoEvent(DEMO_EVENT_IDS.largeMarathon);
  const insights = questionInsights(registrations, { top: 5, byCategory: true });
  const queId = (kind: string) => questions.find((q) => q.kind === kind)?.que_id ?? -1;

  it('has one insight per question, by que_id, in the order of the form', () => {
    expect(insights.map((q) => q.queId)).toEqual(questions.map((q) => q.que_id));
    expect(insights.map((q) => q.que_question_en)).toEqual(questions.map((q) => q.en));
  });

  it('counts answered and not answered as a plain loop does', () => {
    for (const question of questions) {
      const insight = byId(insights, question.que_id);
      const { answered, asked } = countAnswers(registrations, question.que_id);
      expect(insight.asked).toBe(asked);
      expect(insight.answered).toBe(answered);
      expect(insight.notAnswered).toBe(registrations.length - answered);
    }
    // The club question is optional: about a third leave it blank.
    expect(byId(insights, queId('club')).notAnswered).toBeGreaterThan(5000);
  });

  it('reads the t-shirt size as sizes, in size order, each with its count and share', () => {
    const tshirt = byId(insights, queId('tshirt'));
    // "M", "m", "Moyen" and "Taille M" are one size; "M/L" stays as typed.
    const { counts, answered } = countAnswers(registrations, tshirt.queId, (text) => sizeKey(text));
    expect(tshirt.kind).toBe('choice');
    expect(tshirt.reading).toBe('SIZE');
    const keys = tshirt.answers.map((a) => a.key);
    expect(keys.slice(0, 6)).toEqual(['XS', 'S', 'M', 'L', 'XL', 'XXL'].map((size) => `=SIZE:${size}`));
    expect(keys.slice(6).sort()).toEqual(['je sais pas', 'm/l', 's ou m']);
    for (const answer of tshirt.answers) {
      expect(answer.count).toBe(counts.get(answer.key));
      expect(answer.share).toBeCloseTo((counts.get(answer.key) ?? 0) / answered, 12);
    }
    expect(tshirt.other).toEqual({ count: 0, distinct: 0 });
    expect(tshirt.distinct).toBe(counts.size);
  });

  it('reads "how did you hear" as a choice and puts the rare stray answers in "other"', () => {
    const heard = byId(insights, queId('heard'));
    const { counts, answered } = countAnswers(registrations, heard.queId);
    expect(heard.kind).toBe('choice');
    expect(heard.answers).toHaveLength(8);
    const listed = heard.answers.reduce((sum, a) => sum + a.count, 0);
    expect(heard.other.count).toBe(answered - listed);
    expect(heard.other.distinct).toBe(counts.size - 8);
    expect(heard.other.distinct).toBeGreaterThan(0); // tricky answers were sprinkled in
  });

  it('reads club and emergency contact as free text, and lists only answers many people gave', () => {
    const club = byId(insights, queId('club'));
    const clubCounts = countAnswers(registrations, club.queId);
    expect(club.kind).toBe('free-text');
    // The club names are given by hundreds each: listed, most frequent first, as a plain loop counts them.
    expect(club.answers.length).toBeGreaterThan(0);
    for (const answer of club.answers) {
      expect(answer.count).toBe(clubCounts.counts.get(fold(answer.text)));
      expect(answer.count).toBeGreaterThanOrEqual(Math.max(3, Math.ceil(clubCounts.answered / 100)));
      // Licence numbers are personal: never listed, however many the question holds.
      expect(answer.text).not.toMatch(/\d{6}/);
    }
    const listed = club.answers.reduce((s, a) => s + a.count, 0);
    expect(club.other.count).toBe(clubCounts.answered - listed);
    expect(club.distinct).toBe(clubCounts.counts.size);

    // Every emergency contact is one person's name and phone: none is listed, all are counted.
    const emergency = byId(insights, queId('emergency'));
    const emergencyCounts = countAnswers(registrations, emergency.queId);
    expect(emergency.kind).toBe('free-text');
    expect(emergency.answers).toEqual([]);
    expect(emergency.other).toEqual({
      count: emergencyCounts.answered,
      distinct: emergencyCounts.counts.size,
    });
    expect(emergency.minListedCount).toBe(Math.ceil(emergencyCounts.answered / 100));
  });

  it('splits the listed answers per category as a plain loop does', () => {
    const tshirt = byId(insights, queId('tshirt'));
    const split = tshirt.byCategory ?? [];
    const categoryIds = [...new Set(registrations.map((r) => r.category_id ?? null))];
    expect(split).toHaveLength(categoryIds.length);
    for (const part of split) {
      const members = registrations.filter((r) => (r.category_id ?? null) === part.categoryId);
      const { counts, answered } = countAnswers(members, tshirt.queId, (text) => sizeKey(text));
      expect(part.total).toBe(members.length);
      expect(part.answered).toBe(answered);
      tshirt.answers.forEach((answer, i) => expect(part.counts[i]).toBe(counts.get(answer.key) ?? 0));
      expect(part.other).toBe(0);
    }
    const sum = split.reduce((s, part) => s + part.total, 0);
    expect(sum).toBe(registrations.length);
  });
});

describe('questionInsights edge cases', () => {
  it('keeps two questions with the same text apart, by que_id', () => {
    const { registrations, questions } = demoEvent(DEMO_EVENT_IDS.sharedQuestionText);
    const insights = questionInsights(registrations);
    const shared = questions.filter((q) => q.fr === "Contact d'urgence");
    expect(shared.length).toBeGreaterThanOrEqual(2);
    for (const question of shared) {
      const { answered, counts } = countAnswers(registrations, question.que_id);
      const insight = byId(insights, question.que_id);
      expect(insight.answered).toBe(answered);
      expect(insight.distinct).toBe(counts.size);
    }
    // Names and phone numbers do not mix: no phone number among the name answers.
    const names = byId(insights, shared[0]!.que_id);
    expect(names.answers.some((a) => /\d{2}/.test(a.text))).toBe(false);
  });

  it('counts every tricky answer of the small event as text, never interpreted', () => {
    const { registrations } = demoEvent(DEMO_EVENT_IDS.trickySmall);
    // Each tricky string is given once: counted (the tally behind the insights), never listed.
    const texts = tallyQuestions(registrations, cachedAnswerKey()).flatMap((q) =>
      [...q.answers.values()].map((a) => a.text),
    );
    for (const tricky of TRICKY_ANSWERS) expect(texts).toContain(tricky);
    const listed = questionInsights(registrations, { top: 100 }).flatMap((q) =>
      q.kind === 'free-text' ? q.answers.map((a) => a.text) : [],
    );
    for (const tricky of TRICKY_ANSWERS) expect(listed).not.toContain(tricky);
  });

  it('folds case, accents and spaces, and shows the most common spelling', () => {
    const answers = ['Genève', 'geneve ', 'GENÈVE', 'Genève', '  Genève', 'Lausanne'];
    const rows = answers.map((reponse, i) =>
      registration({ registration_id: i + 1, custom_questions: [{ que_id: 7, reponse }] }),
    );
    const [club] = questionInsights(rows);
    expect(club?.answers[0]).toEqual({ key: 'geneve', text: 'Genève', count: 5, share: 5 / 6 });
    expect(club?.distinct).toBe(2);
  });

  it('treats null, blank and missing answers as not answered, and a null question list as none', () => {
    const rows = [
      registration({ registration_id: 1, custom_questions: [{ que_id: 7, reponse: null }] }),
      registration({ registration_id: 2, custom_questions: [{ que_id: 7, reponse: ' \n ' }] }),
      registration({ registration_id: 3, custom_questions: [{ que_id: 7, reponse: 'M' }] }),
      registration({ registration_id: 4, custom_questions: null }),
      registration({ registration_id: 5 }),
    ];
    const [insight] = questionInsights(rows);
    expect(insight).toMatchObject({ queId: 7, asked: 3, answered: 1, notAnswered: 4, distinct: 1 });
    expect(insight?.que_question_fr).toBeNull();
  });

  it('counts a question listed twice in one registration once, with its first non-blank answer', () => {
    const rows = [
      registration({
        registration_id: 1,
        custom_questions: [
          { que_id: 7, reponse: '' },
          { que_id: 7, reponse: 'S' },
          { que_id: 7, reponse: 'XL' },
        ],
      }),
    ];
    const [insight] = questionInsights(rows, { byCategory: true });
    expect(insight).toMatchObject({ asked: 1, answered: 1, distinct: 1 });
    // One answer is free text given by one person: counted as "not listed", never shown.
    expect(insight?.answers).toEqual([]);
    expect(insight?.other).toEqual({ count: 1, distinct: 1 });
    expect(insight?.byCategory).toEqual([{ categoryId: null, total: 1, answered: 1, counts: [], other: 1 }]);
  });

  it('takes the first non-empty question text in each language', () => {
    const rows = [
      registration({
        registration_id: 1,
        custom_questions: [{ que_id: 7, que_question_fr: '', reponse: 'a' }],
      }),
      registration({
        registration_id: 2,
        custom_questions: [{ que_id: 7, que_question_fr: 'Taille', que_question_en: 'Size', reponse: 'b' }],
      }),
    ];
    expect(questionInsights(rows)[0]).toMatchObject({ que_question_fr: 'Taille', que_question_en: 'Size' });
  });

  it('reads a handful of all-different answers as free text, and has nothing for an empty event', () => {
    const rows = ['Anne Roy', 'Luc Favre', 'Paul Morin'].map((reponse, i) =>
      registration({ registration_id: i + 1, custom_questions: [{ que_id: 1, reponse }] }),
    );
    expect(questionInsights(rows)[0]?.kind).toBe('free-text');
    expect(questionInsights([])).toEqual([]);
  });
});

describe('questionInsights reads sizes and yes/no as clean values', () => {
  const answered = (reponses: readonly string[], categoryOf: (i: number) => number = () => 1) =>
    reponses.map((reponse, i) =>
      registration({
        registration_id: i + 1,
        category_id: categoryOf(i),
        custom_questions: [{ que_id: 9, que_question_fr: 'Taille du t-shirt', reponse }],
      }),
    );

  it('counts "XL", "TG" and "Extra large" as one XL, in size order, and lists what it could not read', () => {
    const rows = answered(['XL', 'xl ', 'TG', 'Extra large', 'M', 'Taille M', 'S', 'M/L', 'M/L', '38']);
    const [sizes] = questionInsights(rows);
    expect(sizes?.reading).toBe('SIZE');
    expect(sizes?.kind).toBe('choice');
    expect(sizes?.answers.map(({ key, count }) => [key, count])).toEqual([
      ['=SIZE:S', 1],
      ['=SIZE:M', 2],
      ['=SIZE:XL', 4],
      ['m/l', 2],
      ['38', 1],
    ]);
    // Every answer is still counted, once.
    expect(sizes?.answered).toBe(10);
    expect(sizes?.other).toEqual({ count: 0, distinct: 0 });
  });

  it('splits the clean values per category under the same keys', () => {
    const rows = answered(['XL', 'TG', 'M', 'moyen', 'S'], (i) => (i < 2 ? 1 : 2));
    const [sizes] = questionInsights(rows, { byCategory: true });
    const keys = sizes?.answers.map((answer) => answer.key);
    expect(keys).toEqual(['=SIZE:S', '=SIZE:M', '=SIZE:XL']);
    expect(sizes?.byCategory?.map(({ categoryId, counts }) => [categoryId, counts])).toEqual([
      [1, [0, 0, 2]],
      [2, [1, 2, 0]],
    ]);
  });

  it('reads yes and no in both languages', () => {
    const [consent] = questionInsights(answered(['Oui', 'oui ', 'Yes', 'Non', 'no', 'NON merci']));
    expect(consent?.reading).toBe('YESNO');
    expect(consent?.answers.map(({ key, count }) => [key, count])).toEqual([
      ['=YESNO:YES', 3],
      ['=YESNO:NO', 3],
    ]);
  });

  it('keeps a question of other answers as typed', () => {
    const [club] = questionInsights(answered(['CA Genève', 'ca geneve', 'Stade Lausanne', 'M']));
    expect(club?.reading).toBeNull();
    // "CA Genève" and "ca geneve" are one answer; "M" stays an answer of its own.
    expect(club?.distinct).toBe(3);
  });
});

describe('questionInsights says how it read the answers', () => {
  it('lists, for each clean value, the answers read as it, most frequent first', () => {
    const rows = ['XL', 'XL', 'TG', 'Extra large', 'TG', 'TG', 'M', 'M/L'].map((reponse, i) =>
      registration({
        registration_id: i + 1,
        custom_questions: [{ que_id: 9, que_question_en: 'T-shirt size', reponse }],
      }),
    );
    const [sizes] = questionInsights(rows);
    const xl = sizes?.answers.find((answer) => answer.key === '=SIZE:XL');
    expect(xl?.readFrom).toEqual([
      { text: 'TG', count: 3 },
      { text: 'XL', count: 2 },
      { text: 'Extra large', count: 1 },
    ]);
    // An answer left as typed was read from nothing but itself.
    expect(sizes?.answers.find((answer) => answer.key === 'm/l')?.readFrom).toBeUndefined();
  });
});
