import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { emailProblem, isValidEmail, oneEditApart } from './email-checks';

describe('e-mail checks', () => {
  it.each([
    'jean.dupont@gmail.com',
    'marie-eve+course@videotron.ca',
    'zoë@exemple.fr',
    'a@b.co',
    'contact@club-athle.org',
    '  padded@orange.fr  ',
  ])('reads %s as an address with nothing wrong', (address) => {
    expect(emailProblem(address)).toBeNull();
  });

  it.each([
    'jean.dupont@gmail',
    'marie@@orange.fr',
    'paul dupont@yahoo.fr',
    'pas une adresse',
    '@gmail.com',
    'jean.@gmail.com',
    'jean..dupont@gmail.com',
    'jean@gmail..com',
    'jean@-gmail.com',
    'jean@gmail.c',
  ])('finds %s is not an address', (address) => {
    expect(emailProblem(address)).toEqual({ check: 'email-invalid', suggestion: null });
  });

  it.each([
    ['jean@gmial.com', 'jean@gmail.com'],
    ['jean@hotmial.fr', 'jean@hotmail.fr'],
    ['jean@gmail.con', 'jean@gmail.com'],
    ['jean@yahoo.fr.fr', 'jean@yahoo.fr'],
    ['jean@orange.ff', 'jean@orange.fr'],
    ['jean@wanadoo.fe', 'jean@wanadoo.fr'],
    ['Jean@GMAIL.CM', 'Jean@gmail.com'],
    ['jean@gmail.com.com', 'jean@gmail.com'],
  ])('finds %s mistyped and suggests %s', (address, suggestion) => {
    expect(emailProblem(address)).toEqual({ check: 'email-typo', suggestion });
  });

  it.each(['jean@mail.com', 'jean@ymail.com', 'jean@me.com', 'jean@sfr.fr', 'jean@free.fr', 'jean@live.be'])(
    'leaves the real domain of %s alone',
    (address) => {
      expect(emailProblem(address)).toBeNull();
    },
  );

  it('never throws, and an empty or blank address is no finding', () => {
    expect(emailProblem('')).toBeNull();
    expect(emailProblem('   ')).toBeNull();
    fc.assert(
      fc.property(fc.string(), (text) => {
        const problem = emailProblem(text);
        if (problem?.check === 'email-typo') expect(isValidEmail(problem.suggestion ?? '')).toBe(true);
      }),
    );
  });

  it('tells one keystroke apart from two', () => {
    expect(oneEditApart('gmial.com', 'gmail.com')).toBe(true);
    expect(oneEditApart('gmai.com', 'gmail.com')).toBe(true);
    expect(oneEditApart('gmaill.com', 'gmail.com')).toBe(true);
    expect(oneEditApart('gmail.com', 'gmail.com')).toBe(false);
    expect(oneEditApart('gmxil.cpm', 'gmail.com')).toBe(false);
    expect(oneEditApart('hotmail.fr', 'hotmail.ca')).toBe(false);
  });
});
