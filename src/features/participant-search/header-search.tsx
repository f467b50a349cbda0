import {
  Component,
  lazy,
  Suspense,
  useCallback,
  useId,
  useRef,
  useState,
  type KeyboardEvent,
  type ReactNode,
} from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { HeaderIcon } from '@/components/layout/header-icon';
import { preloadableLazy, type PreloadableComponent } from '@/components/preloadable-lazy';
import { paths } from '@/config/paths';
import type { PartnerEvent } from '@/engine/api/event-schemas';
import type { SearchHit } from '@/engine/copy/search-protocol';
import { SearchListbox, SearchingText } from './search-popup';
import type { SearchStatusProps } from './search-status';
import type { ParticipantSearch } from './use-participant-search';
import './header-search.css';

/**
 * The search's code (the search in the engine, the status line's text, the results and their
 * texts) is not on the start-up script: it loads when the pointer or the focus comes to the
 * search, and at the latest with the first key typed. The field itself is, so that it echoes
 * every key at once.
 */
const SearchStatus = preloadableLazy(() => import('./search-status').then((m) => m.SearchStatus));
const SearchOptions = lazy(() => import('./search-options'));
const NO_HITS: readonly SearchHit[] = [];

/**
 * Keeps the field working when the search's code cannot load (offline, before the app shell's
 * worker has kept it): the popup stays as it was without results, and the code is asked for
 * again at the next key typed.
 */
class WithoutSearchWhileMissing extends Component<
  { query: string; retry: () => Promise<void>; without: ReactNode; children: ReactNode },
  { missing: boolean }
> {
  override state = { missing: false };

  static getDerivedStateFromError() {
    return { missing: true };
  }

  override componentDidUpdate(previous: { query: string }) {
    if (this.state.missing && previous.query !== this.props.query)
      this.props.retry().then(
        () => this.setState({ missing: false }),
        () => undefined,
      );
  }

  override render() {
    return this.state.missing ? this.props.without : this.props.children;
  }
}

/** A magnifying glass. */
const GLASS = 'M11 18a7 7 0 1 0 0-14 7 7 0 0 0 0 14zM21 21l-5-5';
/** A cross: the phone's button closes the open search. */
const CROSS = 'M6 6l12 12M18 6L6 18';

/**
 * "Find a participant" in the header: every registration of every event kept on this device,
 * by name, e-mail, order or phone number (searched in the engine, beside the device copy). The ARIA 1.2
 * combobox pattern: the field keeps the focus, the results are the options of a listbox it
 * controls, the active one named by aria-activedescendant; Down and Up move through them (Home
 * and End too, once in the list), Enter opens the active one, Escape closes the list, then
 * empties the field. A result opens that registration's details on its event's registrations
 * screen. On a phone the field is behind a button and takes the header's width when open.
 *
 * The field owns its text, the answer shown, and the popup's status line and listbox, which stay
 * the same elements from the first key on; the search (search-status.tsx), loaded lazily,
 * searches the text the field holds once it is there, what was typed meanwhile included, and
 * fills them. `Status`: that part (a test passes one whose code it holds back).
 */
export function HeaderSearch({
  Status = SearchStatus,
}: {
  Status?: PreloadableComponent<SearchStatusProps>;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const id = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const [query, setQuery] = useState('');
  const [focused, setFocused] = useState(false);
  const [dismissed, setDismissed] = useState(false);
  /** Phone: the field is shown (on wider screens it always is). */
  const [unfolded, setUnfolded] = useState(false);
  const [active, setActive] = useState(-1);
  const [found, setFound] = useState<ParticipantSearch | null>(null);
  const [events, setEvents] = useState<ReadonlyMap<number, PartnerEvent> | null>(null);
  /** A key was typed: the search is rendered from then on (its code loading if need be). */
  const [typed, setTyped] = useState(false);
  const open = focused && !dismissed && query.trim() !== '';
  const shown = open ? found : null;
  const hits = shown?.answer.results ?? NO_HITS;
  const listboxId = `${id}-listbox`;
  // Stable, like the hits between two answers: a key typed re-renders the field, not the
  // 50 results (SearchOptions is memoized), so the next key is handled sooner.
  const optionId = useCallback((index: number) => `${id}-option-${index}`, [id]);
  const activeIndex = active < hits.length ? active : -1;
  const preloadResults = () => void Status.preload().catch(() => undefined);

  const pick = useCallback(
    (hit: SearchHit) => {
      setDismissed(true);
      setUnfolded(false);
      // The registrations screen's address code comes with that screen, not on the start-up
      // script: the navigation needs it anyway.
      void import('@/features/registrations/rows/registrations-view').then(({ registrationsSearch }) =>
        navigate(paths.registrations.build(hit.eventId, registrationsSearch({ open: hit.registrationId }))),
      );
    },
    [navigate],
  );

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    const last = hits.length - 1;
    const move = (to: number) => {
      event.preventDefault();
      setDismissed(false);
      setActive(to);
    };
    switch (event.key) {
      case 'ArrowDown':
        return move(!open ? activeIndex : Math.min(activeIndex + 1, last));
      case 'ArrowUp':
        return move(Math.max(activeIndex - 1, hits.length > 0 ? 0 : -1));
      // In the field's text Home and End move the caret; once in the list, they move in it.
      case 'Home':
        return activeIndex >= 0 ? move(0) : undefined;
      case 'End':
        return activeIndex >= 0 ? move(last) : undefined;
      case 'Enter': {
        const hit = open ? hits[activeIndex] : undefined;
        if (!hit) return;
        event.preventDefault();
        return pick(hit);
      }
      case 'Escape':
        event.preventDefault();
        if (open) return setDismissed(true);
        if (query !== '') {
          setFound(null);
          return setQuery('');
        }
        if (unfolded) {
          setUnfolded(false);
          toggleRef.current?.focus();
        }
        return;
    }
  };

  return (
    <div
      className={`header-search${unfolded ? ' header-search--unfolded' : ''}`}
      onPointerEnter={preloadResults}
    >
      <button
        ref={toggleRef}
        type="button"
        className="button button--ghost header-search__toggle"
        aria-expanded={unfolded}
        aria-controls={`${id}-field`}
        onClick={() => {
          setUnfolded(!unfolded);
          if (!unfolded) requestAnimationFrame(() => inputRef.current?.focus());
        }}
      >
        <HeaderIcon className="header-search__icon" path={unfolded ? CROSS : GLASS} />
        <span className="visually-hidden">{unfolded ? t('headerSearch.close') : t('headerSearch.open')}</span>
      </button>
      <div className="header-search__field" id={`${id}-field`}>
        <label htmlFor={`${id}-input`} className="visually-hidden">
          {t('headerSearch.label')}
        </label>
        <HeaderIcon className="header-search__icon header-search__icon--inside" path={GLASS} />
        <input
          ref={inputRef}
          id={`${id}-input`}
          className="input header-search__input"
          type="text"
          role="combobox"
          autoComplete="off"
          spellCheck={false}
          enterKeyHint="search"
          placeholder={t('headerSearch.placeholder')}
          aria-autocomplete="list"
          aria-expanded={open}
          aria-controls={listboxId}
          aria-describedby={`${id}-hint`}
          aria-activedescendant={open && activeIndex >= 0 ? optionId(activeIndex) : undefined}
          value={query}
          onChange={(event) => {
            setQuery(event.target.value);
            if (event.target.value.trim() === '') setFound(null);
            setDismissed(false);
            setActive(-1);
            setTyped(true);
          }}
          onKeyDown={onKeyDown}
          onFocus={() => {
            setFocused(true);
            preloadResults();
          }}
          onBlur={() => setFocused(false)}
        />
        <span id={`${id}-hint`} className="visually-hidden">
          {t('headerSearch.hint')}
        </span>
        {/* data-query: the query the results shown answer (the field may hold a longer one). */}
        <div className="header-search__popup" hidden={!open} data-query={shown?.query ?? ''}>
          <div
            className="header-search__summary"
            role="status"
            aria-busy={shown !== null && shown.query !== query}
          >
            {typed ? (
              // Only the search waits for its code: the field above goes on echoing every key.
              <WithoutSearchWhileMissing query={query} retry={Status.preload} without={<SearchingText />}>
                <Suspense fallback={<SearchingText />}>
                  <Status query={query} open={open} found={shown} onFound={setFound} onEvents={setEvents} />
                </Suspense>
              </WithoutSearchWhileMissing>
            ) : (
              <SearchingText />
            )}
          </div>
          <SearchListbox id={listboxId}>
            {open && hits.length > 0 ? (
              <Suspense fallback={null}>
                <SearchOptions
                  hits={hits}
                  events={events}
                  activeIndex={activeIndex}
                  optionId={optionId}
                  onPick={pick}
                />
              </Suspense>
            ) : null}
          </SearchListbox>
        </div>
      </div>
    </div>
  );
}
