import { render, screen, within } from '@testing-library/react';
import i18n from '@/i18n';
import { BarChartTable, type BarChartRow } from './bar-chart-table';

const rows: BarChartRow[] = [
  { key: 'm', label: 'M', count: 1000 },
  { key: 's', label: 'S', count: 750 },
  { key: 'x', label: '<img src=x onerror=alert(1)>', count: 250 },
  { key: 'rare', label: 'Course des familles', lang: 'fr', count: 1 },
];

function cellsOf(row: HTMLElement): string[] {
  return [...row.querySelectorAll('th, td')].map((cell) => cell.textContent ?? '');
}

describe('BarChartTable', () => {
  it('is a table with a caption, column headers and row headers', () => {
    render(<BarChartTable caption="T-shirt sizes" labelHeader="Size" rows={rows} />);
    const table = screen.getByRole('table', { name: 'T-shirt sizes' });
    const headers = within(table).getAllByRole('columnheader');
    expect(headers.map((h) => h.textContent)).toEqual(['Size', 'Number', 'Share']);
    for (const header of headers) expect(header).toHaveAttribute('scope', 'col');
    const rowHeaders = within(table).getAllByRole('rowheader');
    expect(rowHeaders.map((h) => h.textContent)).toEqual(rows.map((r) => r.label));
    for (const header of rowHeaders) expect(header).toHaveAttribute('scope', 'row');
  });

  it('shows each count and its share of the total as text, in English', () => {
    render(<BarChartTable caption="Sizes" labelHeader="Size" rows={rows} total={4000} />);
    const [, first, , third, fourth] = screen.getAllByRole('row');
    expect(cellsOf(first!)).toEqual(['M', '1,000', '25%']);
    expect(cellsOf(third!)).toEqual(['<img src=x onerror=alert(1)>', '250', '6.3%']);
    // 1 in 4,000 would round to 0%: it says "less than 0.1%".
    expect(cellsOf(fourth!)).toEqual(['Course des familles', '1', '<0.1%']);
  });

  it('formats numbers and percentages the French way', async () => {
    await i18n.changeLanguage('fr');
    render(
      <BarChartTable
        caption="Tailles"
        labelHeader="Taille"
        rows={[
          { key: 'a', label: 'A', count: 12_345 },
          { key: 'b', label: 'B', count: 1_763 },
        ]}
        total={100_000}
        showTotal
      />,
    );
    const [header, first, second, total] = screen.getAllByRole('row');
    expect(cellsOf(header!)).toEqual(['Taille', 'Nombre', 'Part']);
    expect(cellsOf(first!)).toEqual(['A', '12\u202f345', '12,3\u00a0%']);
    expect(cellsOf(second!)).toEqual(['B', '1\u202f763', '1,8\u00a0%']);
    expect(cellsOf(total!)).toEqual(['Total', '100\u202f000', '100\u00a0%']);
  });

  it('draws bars scaled to the largest count, hidden from screen readers', () => {
    const { container } = render(<BarChartTable caption="Sizes" labelHeader="Size" rows={rows} />);
    const tracks = container.querySelectorAll('.bar-chart__track');
    expect(tracks).toHaveLength(rows.length);
    for (const track of tracks) expect(track).toHaveAttribute('aria-hidden', 'true');
    const widths = [...container.querySelectorAll<HTMLElement>('.bar-chart__bar')].map(
      (bar) => bar.style.inlineSize,
    );
    expect(widths).toEqual(['100%', '75%', '25%', '0.1%']);
  });

  it('renders labels as text, never as markup, and marks a label in another language', () => {
    const { container } = render(<BarChartTable caption="Sizes" labelHeader="Size" rows={rows} />);
    expect(container.querySelector('img')).toBeNull();
    expect(screen.getByRole('rowheader', { name: 'Course des familles' })).toHaveAttribute('lang', 'fr');
  });

  it('can render each count as a link whose text is the number', () => {
    render(
      <BarChartTable
        caption="Sizes"
        labelHeader="Size"
        rows={rows.slice(0, 2)}
        renderCount={(row, formatted) => (
          <a
            href={`/registrations?size=${row.key}`}
            aria-label={`${formatted} registrations of size ${row.label}`}
          >
            {formatted}
          </a>
        )}
      />,
    );
    const link = screen.getByRole('link', { name: '1,000 registrations of size M' });
    expect(link).toHaveAttribute('href', '/registrations?size=m');
    expect(link).toHaveTextContent('1,000');
  });

  it('says so when there is nothing to show, and never divides by zero', () => {
    const { rerender } = render(<BarChartTable caption="Sizes" labelHeader="Size" rows={[]} showTotal />);
    expect(screen.getByRole('cell', { name: 'Nothing to show.' })).toBeInTheDocument();
    expect(cellsOf(screen.getAllByRole('row').at(-1)!)).toEqual(['Total', '0', '0%']);
    rerender(
      <BarChartTable caption="Sizes" labelHeader="Size" rows={[{ key: 'a', label: 'A', count: 0 }]} />,
    );
    expect(cellsOf(screen.getAllByRole('row')[1]!)).toEqual(['A', '0', '0%']);
  });
});
