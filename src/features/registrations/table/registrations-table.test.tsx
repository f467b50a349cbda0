import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { registration } from '@/engine/figures/testing/demo-event';
import { RowBuilder, type RegistrationRow } from '../rows/registration-rows';
import type { RegistrationsView } from '../rows/registrations-view';
import { RegistrationsTable } from './registrations-table';
import { sizeRegistrationsTable } from '../../../../test/table-layout';

const COLUMNS = ['registration_id', 'first_name', 'last_name', 'email', 'q:1'] as const;
const TITLES = new Map([
  ['registration_id', { text: 'ID' }],
  ['first_name', { text: 'First name' }],
  ['last_name', { text: 'Last name' }],
  ['email', { text: 'E-mail' }],
  ['q:1', { text: 'Club' }],
]);
const LONG_ANSWER = `Club des coureurs du dimanche matin ${'très '.repeat(400)}motivés`;

const builder = new RowBuilder({
  category: () => '',
  status: () => '',
  person: (r) => `${r.first_name ?? ''} ${r.last_name ?? ''}`,
});

function row(id: number, first: string, last: string, answer = 'Aucun'): RegistrationRow {
  const [built] = builder.build([
    registration({
      registration_id: id,
      first_name: first,
      last_name: last,
      email: `${first.toLowerCase()}@example.org`,
      custom_questions: [{ que_id: 1, que_question_fr: 'Club', que_question_en: 'Club', reponse: answer }],
    }),
  ]);
  return built!;
}

const ROWS = [row(11, 'Anne', 'Morel', LONG_ANSWER), row(12, 'Marc', 'Girard'), row(13, 'Zoé', 'Rochat')];

// jsdom lays nothing out: give the scroll box a size so the virtualizer renders the rows (the
// sideways scrolling and what stays in view are checked in Chromium, table-keyboard.e2e.ts).
beforeEach(() => {
  sizeRegistrationsTable(400);
});

function renderTable({ hidden = [] as string[] } = {}) {
  const onOpen = vi.fn<(id: number) => void>();
  const onSortChange = vi.fn<(sort: RegistrationsView['sort']) => void>();
  const user = userEvent.setup({ delay: 0 });
  render(
    <RegistrationsTable
      rows={ROWS}
      viewKey="all"
      columnIds={COLUMNS}
      sort={null}
      hidden={hidden}
      onSortChange={onSortChange}
      titles={TITLES}
      caption="Registrations of the test event"
      selectedId={null}
      onOpen={onOpen}
    />,
  );
  const grid = screen.getByRole('grid');
  const sortButtons = () =>
    within(grid).getAllByRole('button', { name: /^(ID|First name|Last name|E-mail|Club)/ });
  const bodyRow = (index: number) => within(grid).getAllByRole('row')[index + 1]!;
  return { user, grid, onOpen, onSortChange, sortButtons, bodyRow };
}

describe('registrations table keyboard', () => {
  it('gives the sort buttons one Tab stop, moved with Left, Right, Home and End', async () => {
    const { user, sortButtons, bodyRow, onSortChange } = renderTable();
    const buttons = sortButtons();
    expect(buttons.map((button) => button.tabIndex)).toEqual([0, -1, -1, -1, -1]);

    // Tab reaches the first sort button, the next Tab goes straight to the rows.
    await user.tab();
    expect(buttons[0]).toHaveFocus();
    await user.keyboard('{ArrowRight}{ArrowRight}');
    expect(buttons[2]).toHaveFocus();
    expect(buttons.map((button) => button.tabIndex)).toEqual([-1, -1, 0, -1, -1]);
    await user.keyboard('{ArrowLeft}');
    expect(buttons[1]).toHaveFocus();
    await user.keyboard('{End}');
    expect(buttons[4]).toHaveFocus();
    await user.keyboard('{ArrowRight}'); // the last one stays: no wrapping
    expect(buttons[4]).toHaveFocus();
    await user.keyboard('{Home}');
    expect(buttons[0]).toHaveFocus();

    // Enter and Space sort by the focused column.
    await user.keyboard('{ArrowRight}{Enter}');
    expect(onSortChange).toHaveBeenLastCalledWith({ id: 'first_name', desc: false });
    await user.keyboard(' ');
    expect(onSortChange).toHaveBeenCalledTimes(2);

    await user.tab();
    expect(bodyRow(0)).toHaveFocus();
    // Shift+Tab comes back to the sort button last used, not the first.
    await user.tab({ shift: true });
    expect(buttons[1]).toHaveFocus();
  });

  it('moves between the cells of a row with Left and Right, and keeps the column going up and down', async () => {
    const { user, bodyRow, onOpen } = renderTable();
    act(() => bodyRow(0).focus());
    const cell = (rowIndex: number, column: number) =>
      within(bodyRow(rowIndex)).getAllByRole('gridcell')[column]!;

    // Right enters the row's first cell, then moves one cell at a time, and stops at the last.
    await user.keyboard('{ArrowRight}');
    expect(cell(0, 0)).toHaveFocus();
    await user.keyboard('{ArrowRight}{ArrowRight}');
    expect(cell(0, 2)).toHaveFocus();
    expect(cell(0, 2)).toHaveTextContent('Morel');
    await user.keyboard('{ArrowRight}{ArrowRight}{ArrowRight}');
    expect(cell(0, 4)).toHaveFocus();

    // Down and Up keep the column.
    await user.keyboard('{ArrowDown}');
    expect(cell(1, 4)).toHaveFocus();
    await user.keyboard('{ArrowLeft}{ArrowDown}');
    expect(cell(2, 3)).toHaveFocus();
    expect(cell(2, 3)).toHaveTextContent('zoé@example.org');
    // One Tab stop for the rows: only the focused cell is in the Tab order.
    expect(screen.getAllByRole('gridcell').filter((td) => td.tabIndex === 0)).toEqual([cell(2, 3)]);
    expect(bodyRow(2).tabIndex).toBe(-1);

    // Enter on a cell opens its registration's details.
    await user.keyboard('{Enter}');
    expect(onOpen).toHaveBeenLastCalledWith(13);

    // Left from the first cell goes back to the whole row.
    await user.keyboard('{ArrowLeft}{ArrowLeft}{ArrowLeft}');
    expect(cell(2, 0)).toHaveFocus();
    await user.keyboard('{ArrowLeft}');
    expect(bodyRow(2)).toHaveFocus();
    await user.keyboard('{ArrowUp}');
    expect(bodyRow(1)).toHaveFocus();
  });

  it('cuts long text in its fixed-width column, with the whole text in the title', () => {
    const { grid, bodyRow } = renderTable();
    const answer = within(bodyRow(0)).getAllByRole('gridcell')[4]!;
    expect(answer).toHaveAttribute('title', LONG_ANSWER);
    // The table is as wide as its columns (7.5 + 9 + 10 + 16 + 13 rem), whatever the text.
    expect(grid.style.width).toBe('55.5rem');
    expect(grid).toHaveAttribute('aria-colcount', '5');
    expect(answer).toHaveAttribute('aria-colindex', '5');
  });

  it('keeps the ID and name columns in place, at offsets from the visible widths', () => {
    const { grid, bodyRow } = renderTable({ hidden: ['first_name'] });
    const headers = within(grid).getAllByRole('columnheader');
    const cells = within(bodyRow(0)).getAllByRole('gridcell');
    // ID at 0, Last name right after it (First name is hidden); the others scroll.
    expect(headers[0]).toHaveStyle({ left: '0px' });
    expect(headers[1]).toHaveStyle({ left: '120px' });
    expect(cells[1]).toHaveStyle({ left: '120px' });
    expect(cells[1]).toHaveClass('registrations-table__edge');
    expect(cells[2]).not.toHaveClass('registrations-table__sticky');
    // The browser scrolls a focused cell into view right of them, not under them.
    expect(grid.parentElement!.style.scrollPaddingInlineStart).toBe('17.5rem');
  });
});
