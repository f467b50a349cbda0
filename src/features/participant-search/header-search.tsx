import {
  Component,
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
import type { SearchHit } from '@/engine/copy/search-protocol';
import { SearchListbox, SearchPending } from './search-popup';
import type { SearchResultsProps } from './search-results';
import type { ParticipantSearch } from './use-participant-search';
import './header-search.css';

/**
 * The results' code (the search in the engine, the summary, the results and their texts) is not
 * on the start-up script: it loads when the pointer or the focus comes to the search, and at the
 * latest with the first key typed. The field itself is, so that it echoes every key at once.
 */
const SearchResults = preloadableLazy(() => import('./search-results').then((m) => m.SearchResults));
const NO_HITS: readonly SearchHit[] = [];

/**
 * Keeps the field working when the results' code cannot load (offline, before the app shell's
 * worker has kept it): the popup stays as it was without results, and the code is asked for
 * again at the next key typed.
 */
class WithoutResultsWhileMissing extends Component<
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
 * The field owns its text and the answer shown; the results' part (search-results.tsx), loaded
 * lazily, searches the text the field holds once it is there, what was typed meanwhile included.
 * `Results`: that part (a test passes one whose code it holds back).
 */
export function HeaderSearch({
  Results = SearchResults,
}: {
  Results?: PreloadableComponent<SearchResultsProps>;
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
  /** A key was typed: the results' part is rendered from then on (its code loading if need be). */
  const [typed, setTyped] = useState(false);
  const open = focused && !dismissed && query.trim() !== '';
  const shown = open ? found : null;
  const hits = shown?.answer.results ?? NO_HITS;
  const listboxId = `${id}-listbox`;
  // Stable, like the hits between two answers: a key typed re-renders the field, not the
  // 50 results (SearchOptions is memoized), so the next key is handled sooner.
  const optionId = useCallback((index: number) => `${id}-option-${index}`, [id]);
  const activeIndex = active < hits.length ? active : -1;
  const preloadResults = () => void Results.preload().catch(() => undefined);

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

  const pending = (
    <>
      <SearchPending />
      <SearchListbox id={listboxId} />
    </>
  );
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
          {typed ? (
            // Only the results wait for their code: the field above goes on echoing every key.
            <WithoutResultsWhileMissing query={query} retry={Results.preload} without={pending}>
              <Suspense fallback={pending}>
                <Results
                  query={query}
                  open={open}
                  found={shown}
                  onFound={setFound}
                  listboxId={listboxId}
                  activeIndex={activeIndex}
                  optionId={optionId}
                  onPick={pick}
                />
              </Suspense>
            </WithoutResultsWhileMissing>
          ) : (
            pending
          )}
        </div>
      </div>
    </div>
  );
}
