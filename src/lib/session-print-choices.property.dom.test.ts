import fc from 'fast-check';
import { rememberSessionPrintChoices, sessionPrintChoices } from './session';

const ITEM = 'promoter-dashboard.print-choices';

afterEach(() => sessionStorage.clear());

describe('the print choices kept in the tab’s sessionStorage', () => {
  it('reads anything stored under their item without throwing, and a choice remembered then reads back', () => {
    fc.assert(
      fc.property(
        fc.oneof(fc.string(), fc.json(), fc.constant('[[1,{"a":1}],[null],"x",[2]]')),
        fc.integer({ min: 1, max: 1e9 }),
        fc.jsonValue(),
        (stored, eventId, choices) => {
          sessionStorage.setItem(ITEM, stored);
          expect(() => sessionPrintChoices(eventId)).not.toThrow();
          rememberSessionPrintChoices(eventId, choices);
          expect(sessionPrintChoices(eventId)).toEqual(JSON.parse(JSON.stringify(choices)));
        },
      ),
    );
  });
});
