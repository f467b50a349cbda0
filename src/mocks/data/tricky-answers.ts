/**
 * Answers that break naive CSV writers, spreadsheet imports and HTML rendering. They are
 * injected deterministically into the large event and densely into one small event, so
 * unit tests can find every one of them without paging through 25,000 rows.
 */
export const TRICKY_ANSWERS: readonly string[] = [
  'Club Alpin, section Genève',
  'Lausanne; Vevey',
  'Le "Club" des coureurs',
  'Ligne 1\nLigne 2',
  'Ligne 1\r\nLigne 2',
  '=HYPERLINK("http://x")',
  '+41 79 555 12 34',
  '-',
  '@club',
  '\tTabulation en tête',
  '<img src=x onerror=alert(1)>',
  '\nSaut de ligne en tête',
  '=1+2',
  '-2+3',
  "'apostrophe en tête",
];
