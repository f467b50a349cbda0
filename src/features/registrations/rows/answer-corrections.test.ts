import fc from 'fast-check';
import { correctionsForQuestion, keptRecord, parseKeptCorrections } from './answer-corrections';

const kept = {
  corrections: { 12: { 'm/l': 'M', moyen: '' }, 13: { oui: 'YES' } },
  questions: { 12: ['Taille du t-shirt', 'T-shirt size'], 13: ['Photos ?', 'Photos?'] },
};

describe('corrections kept on the device', () => {
  it('read back as saved, and never throw on anything else', () => {
    expect(parseKeptCorrections(JSON.parse(JSON.stringify(keptRecord(kept))))).toEqual(kept);
    fc.assert(
      fc.property(fc.anything(), (value) => {
        const parsed = parseKeptCorrections(value);
        // Texts are kept only for questions that have corrections.
        for (const queId of Object.keys(parsed.questions)) expect(parsed.corrections).toHaveProperty(queId);
      }),
    );
    expect(parseKeptCorrections({ ...keptRecord(kept), version: 2 }).corrections).toEqual({});
  });

  it('are found for a question asked again with the same text, case, accents and spaces aside', () => {
    expect(correctionsForQuestion(kept, ['TAILLE  du T-shirt ', null])).toEqual({ 'm/l': 'M', moyen: '' });
    expect(correctionsForQuestion(kept, [null, 'photos?'])).toEqual({ oui: 'YES' });
    expect(correctionsForQuestion(kept, ['Taille du maillot', 'Jersey size'])).toBeNull();
    expect(correctionsForQuestion(kept, ['', null])).toBeNull();
  });
});
