import { act, screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import i18n from '@/i18n';
import { deviceCopySettled, readEditionLinkCopy } from '@/engine/copy/device-copy';
import { freshIndexedDbForEachTest } from '@/engine/copy/testing/fresh-indexeddb';
import { DEMO_EVENT_IDS, getDemoDataset } from '@/mocks/data';
import { server, TEST_API_BASE, TEST_TODAY } from '../../../../test/msw-server';
import { renderApp } from '../../../../test/render';

freshIndexedDbForEachTest();

/** The 45-registration Escalade and its 40-registration previous edition. */
const EVENT = DEMO_EVENT_IDS.trickySmall;
const PREVIOUS = DEMO_EVENT_IDS.smallPreviousEdition;

async function editionsSection() {
  return screen.findByRole('region', { name: 'Editions' });
}

describe('the Editions section', () => {
  it('suggests the previous edition, keeps the confirmed link on the device, and links each list', async () => {
    const first = renderApp(`/events/${EVENT}#editions`);
    let region = await editionsSection();
    expect(await within(region).findByText(/Suggested previous edition:/)).toHaveTextContent(
      "Suggested previous edition: Course de l'Escalade 2024",
    );
    await first.user.click(within(region).getByRole('button', { name: 'Confirm' }));
    const figures = await within(region).findByLabelText('This edition against the previous one');
    const links = within(figures).getAllByRole('link');
    expect(links.map((link) => link.getAttribute('href'))).toEqual([
      `/events/${EVENT}/registrations?edition=returning&vs=${PREVIOUS}`,
      `/events/${EVENT}/registrations?edition=new&vs=${PREVIOUS}`,
      `/events/${PREVIOUS}/registrations?edition=lapsed&vs=${EVENT}`,
    ]);
    expect(
      within(region).getByText(
        /Registrations with the status Cancelled or Refunded are left out of both editions/,
      ),
    ).toBeInTheDocument();
    await deviceCopySettled();
    expect((await readEditionLinkCopy(EVENT))?.value).toEqual({ version: 1, previousEventId: PREVIOUS });
    first.unmount();

    // A new visit reads the link from the device; "No previous edition" replaces it.
    const second = renderApp(`/events/${EVENT}#editions`);
    region = await editionsSection();
    expect(await within(region).findByText(/^Previous edition:/)).toHaveTextContent(
      "Previous edition: Course de l'Escalade 2024",
    );
    await second.user.click(within(region).getByRole('button', { name: 'Change' }));
    await second.user.selectOptions(within(region).getByLabelText('Previous edition'), 'No previous edition');
    await second.user.click(within(region).getByRole('button', { name: 'Save' }));
    expect(within(region).getByText(/^No previous edition\./)).toBeInTheDocument();
    expect(within(region).queryByLabelText('This edition against the previous one')).toBeNull();
    await deviceCopySettled();
    expect((await readEditionLinkCopy(EVENT))?.value).toEqual({ version: 1, previousEventId: null });
  });

  it('names an edition without a name "Unnamed event (#id)", unmarked, in the picker and the link, in French too', async () => {
    // The previous edition has no name in the events list: nothing suggests it, the promoter picks it.
    const events = getDemoDataset(TEST_TODAY)
      .eventsOf('alpine')
      .map(({ event }) => (event.eve_id === PREVIOUS ? { ...event, eve_nom_fr: null } : event));
    server.use(
      http.get(`${TEST_API_BASE}/v1/events`, () => HttpResponse.json({ events, total: events.length })),
    );
    const { user } = renderApp(`/events/${EVENT}#editions`);
    const region = await editionsSection();
    const select = await within(region).findByLabelText('Previous edition');
    await user.selectOptions(
      select,
      within(select).getByRole('option', { name: new RegExp(`^Unnamed event \\(#${PREVIOUS}\\) \\(`) }),
    );
    await user.click(within(region).getByRole('button', { name: 'Save' }));
    const linked = await within(region).findByText(/^Previous edition:/);
    expect(linked).toHaveTextContent(`Previous edition: Unnamed event (#${PREVIOUS}) (`);
    expect(linked.querySelector('[lang]')).toBeNull();
    await within(region).findByLabelText('This edition against the previous one');

    await act(() => i18n.changeLanguage('fr'));
    expect(within(region).getByText(/^Édition précédente :/)).toHaveTextContent(
      `Édition précédente : Événement sans nom (n° ${PREVIOUS}) (`,
    );
    await deviceCopySettled();
  });
});
