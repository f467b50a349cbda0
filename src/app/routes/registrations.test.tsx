import { act, screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import i18n from '@/i18n';
import { DEMO_EVENT_IDS, getDemoDataset } from '@/mocks/data';
import { server, TEST_API_BASE, TEST_TODAY } from '../../../test/msw-server';
import { renderApp } from '../../../test/render';

const EVENT = DEMO_EVENT_IDS.trickySmall; // "Course de l'Escalade", 45 registrations

/** The event's details as the API sends them, its name replaced. */
function serveEventNamed(name: string | null) {
  const { event } = getDemoDataset(TEST_TODAY).findEvent(EVENT)!;
  server.use(
    http.get(`${TEST_API_BASE}/v1/events/:id`, ({ params }) =>
      Number(params.id) === EVENT ? HttpResponse.json({ event: { ...event, eve_nom_fr: name } }) : undefined,
    ),
  );
}

/** The names of the files the page downloads from now on. */
function downloads(): string[] {
  const names: string[] = [];
  vi.spyOn(URL, 'createObjectURL').mockImplementation(() => 'blob:export');
  vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    names.push(this.download);
  });
  return names;
}

async function loaded() {
  await screen.findByText(/All 45 registrations loaded/);
}

describe('the registrations page names its event with the event label', () => {
  it('an event without a name: "Unnamed event (#id)" in the breadcrumb, title, table and file name', async () => {
    serveEventNamed(null);
    const { user } = renderApp(`/events/${EVENT}/registrations`);
    await loaded();
    const back = screen.getByRole('link', { name: `← Unnamed event (#${EVENT})` });
    expect(back.querySelector('[lang]')).toBeNull();
    expect(document.title).toBe(`Registrations · Unnamed event (#${EVENT}) · Promoter dashboard`);
    expect(
      screen.getByRole('region', { name: `Registrations of Unnamed event (#${EVENT})` }),
    ).toBeInTheDocument();

    const saved = downloads();
    const exportMenu = screen
      .getAllByRole('button', { name: 'Export' })
      .find((button) => button.hasAttribute('popovertarget'))!;
    await user.click(exportMenu);
    await user.click(screen.getByRole('button', { name: /Excel \(French\)/ }));
    expect(await screen.findByText(/^Exported \d+ rows to /)).toBeInTheDocument();
    expect(saved).toEqual([
      expect.stringMatching(new RegExp(`^unnamed-event-${EVENT}-registrations-\\d{4}-\\d{2}-\\d{2}-`)),
    ]);
  });

  it('a blank name reads the same, in French', async () => {
    serveEventNamed('   ');
    await i18n.changeLanguage('fr');
    renderApp(`/events/${EVENT}/registrations`);
    await screen.findByText(/Les 45 inscriptions sont chargées/);
    expect(screen.getByRole('link', { name: `← Événement sans nom (n° ${EVENT})` })).toBeInTheDocument();
    expect(document.title).toBe(
      `Inscriptions · Événement sans nom (n° ${EVENT}) · Tableau de bord organisateur`,
    );
    expect(
      screen.getByRole('region', { name: `Inscriptions de Événement sans nom (n° ${EVENT})` }),
    ).toBeInTheDocument();
    await act(() => i18n.changeLanguage('en'));
  });

  it('in English, the French name stands in, marked French where it is shown as such', async () => {
    renderApp(`/events/${EVENT}/registrations`);
    await loaded();
    const back = screen.getByRole('link', { name: "← Course de l'Escalade" });
    expect(within(back).getByText("Course de l'Escalade")).toHaveAttribute('lang', 'fr');
    expect(document.title).toBe("Registrations · Course de l'Escalade · Promoter dashboard");
    expect(screen.getByRole('region', { name: "Registrations of Course de l'Escalade" })).toBeInTheDocument();
  });
});
