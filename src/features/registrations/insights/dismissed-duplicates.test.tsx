import { screen, within } from '@testing-library/react';
import fc from 'fast-check';
import { deviceCopySettled, readDismissedDuplicatesCopy } from '@/engine/copy/device-copy';
import { freshIndexedDbForEachTest } from '@/engine/copy/testing/fresh-indexeddb';
import { startSession } from '@/lib/session';
import { DEMO_EVENT_IDS } from '@/mocks/data';
import { TEST_SESSION } from '../../../../test/fixtures';
import { renderApp } from '../../../../test/render';
import { dismissedRecord, parseDismissedDuplicates } from '@/engine/figures/dismissed-groups';

freshIndexedDbForEachTest();

const groupKey = fc
  .tuple(
    fc.constantFrom('likely', 'possible', 'shared-email'),
    fc.array(fc.integer({ min: 0, max: 2 ** 31 }), { minLength: 2, maxLength: 8 }),
  )
  .map(([kind, ids]) => `${kind}:${ids.join(',')}`);

describe('parseDismissedDuplicates', () => {
  it('never throws, and keeps only well-formed group keys, whatever was read back', () => {
    fc.assert(
      fc.property(fc.anything(), fc.array(fc.oneof(fc.anything(), fc.string(), groupKey)), (value, keys) => {
        expect(parseDismissedDuplicates(value)).toBeInstanceOf(Set);
        const parsed = parseDismissedDuplicates({ version: 1, keys });
        for (const key of parsed) expect(key).toMatch(/^(likely|possible|shared-email):\d+(,\d+)+$/);
      }),
    );
  });

  it('reads back exactly the keys it saved', () => {
    fc.assert(
      fc.property(fc.uniqueArray(groupKey, { maxLength: 50 }), (keys) => {
        const saved = JSON.parse(JSON.stringify(dismissedRecord(new Set(keys)))) as unknown;
        expect([...parseDismissedDuplicates(saved)]).toEqual(keys);
      }),
    );
  });

  it('drops an older or unknown format, names and addresses included', () => {
    expect(parseDismissedDuplicates({ version: 2, keys: ['likely:1,2'] }).size).toBe(0);
    expect(parseDismissedDuplicates(['likely:1,2'])).toEqual(new Set());
    expect([
      ...parseDismissedDuplicates({
        version: 1,
        keys: ['likely:1,2', 'jean@x.org', 'name:Jean Roy', 'likely:3'],
      }),
    ]).toEqual(['likely:1,2']);
  });
});

/** The 45-registration event: two pairs of namesakes in different orders, nothing likelier. */
const EVENT = DEMO_EVENT_IDS.trickySmall;

async function duplicatesSection() {
  const region = await screen.findByRole('region', { name: 'Possible duplicates' });
  await within(region).findAllByRole('table');
  return region;
}

describe('dismissing a group of possible duplicates', () => {
  it('hides it, keeps it on the device for the next visit, restores it, and signing out wipes it', async () => {
    const first = renderApp(`/events/${EVENT}#duplicates`);
    let region = await duplicatesSection();
    const tables = within(region).getAllByRole('table');
    expect(tables).toHaveLength(2);
    const caption = tables[0]!.querySelector('caption')!.textContent;
    await first.user.click(within(region).getByRole('button', { name: `Not a duplicate: ${caption}` }));
    expect(within(region).getAllByRole('table')).toHaveLength(1);
    expect(within(region).queryByText(caption)).toBeNull();
    await deviceCopySettled();
    first.unmount();

    // A new visit (a reload: a new page, a new cache) reads the dismissal from the device.
    const second = renderApp(`/events/${EVENT}#duplicates`);
    region = await duplicatesSection();
    expect(within(region).getAllByRole('table')).toHaveLength(1);
    const show = within(region).getByRole('button', { name: 'Show 1 dismissed group' });
    expect(show).toHaveAttribute('aria-expanded', 'false');
    await second.user.click(show);
    await second.user.click(within(region).getByRole('button', { name: `Restore: ${caption}` }));
    expect(within(region).getAllByRole('table')).toHaveLength(2);
    expect(within(region).queryByRole('button', { name: /dismissed/ })).toBeNull();

    // Dismissed again, then signed out from the header: the device keeps nothing of it.
    await second.user.click(within(region).getByRole('button', { name: `Not a duplicate: ${caption}` }));
    await deviceCopySettled();
    expect(await readDismissedDuplicatesCopy(EVENT)).not.toBeNull();
    await second.user.click(screen.getByRole('button', { name: 'Sign out' }));
    await screen.findByRole('heading', { level: 1, name: 'Sign in' });
    await deviceCopySettled();
    second.unmount();
    startSession(TEST_SESSION);
    expect(await readDismissedDuplicatesCopy(EVENT)).toBeNull();
  });
});
