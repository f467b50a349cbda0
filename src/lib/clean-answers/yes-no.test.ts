import { readYesNo } from './yes-no';

describe('readYesNo', () => {
  it.each([
    ['Oui', 'YES'],
    ['oui ', 'YES'],
    ['Yes', 'YES'],
    ['OUI merci', 'YES'],
    ['Oui, bien sûr', 'YES'],
    ['Non', 'NO'],
    ['no thanks', 'NO'],
    ['NON MERCI', 'NO'],
  ])('reads %j as %s', (raw, meaning) => {
    expect(readYesNo(raw)).toBe(meaning);
  });

  it.each(['oui/non', 'peut-être', 'maybe', 'je ne sais pas', '', 'Oui si possible'])(
    'leaves %j unread',
    (raw) => {
      expect(readYesNo(raw)).toBeNull();
    },
  );
});
