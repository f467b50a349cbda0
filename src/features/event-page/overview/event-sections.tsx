import { useRef, type KeyboardEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { useLanguage } from '@/i18n/use-language';
import { formatCount } from '@/lib/numbers';
import { EVENT_SECTIONS, sectionFromHash, type EventSection } from './event-section-ids';

interface EventSectionsProps {
  /** A count beside a tab's name (answers asked, orders, duplicate groups), once known. */
  readonly counts: Partial<Record<EventSection, number>>;
  readonly children: (section: EventSection) => ReactNode;
}

/**
 * Tabs for the event page's sections (WAI-ARIA tabs pattern, automatic activation): one Tab
 * stop, Left/Right/Home/End move between tabs, and the chosen one is in the URL's hash, so
 * `…/events/1001#answers` opens on the answers and the back button is left alone (replace).
 */
export function EventSections({ counts, children }: EventSectionsProps) {
  const { t } = useTranslation('insights');
  const language = useLanguage();
  const location = useLocation();
  const navigate = useNavigate();
  const current = sectionFromHash(location.hash);
  const tabs = useRef(new Map<EventSection, HTMLAnchorElement>());

  const select = (section: EventSection, focus: boolean) => {
    void navigate(
      { search: location.search, hash: section === 'overview' ? '' : section },
      { replace: true, preventScrollReset: true },
    );
    if (!focus) return;
    const tab = tabs.current.get(section);
    tab?.focus();
    // On a phone the row of tabs scrolls: bring the whole tab into view, not just a sliver.
    tab?.scrollIntoView({ inline: 'nearest', block: 'nearest' });
  };

  const onKeyDown = (event: KeyboardEvent<HTMLAnchorElement>) => {
    const index = EVENT_SECTIONS.indexOf(current);
    const last = EVENT_SECTIONS.length - 1;
    const target =
      event.key === 'ArrowRight'
        ? index === last
          ? 0
          : index + 1
        : event.key === 'ArrowLeft'
          ? index === 0
            ? last
            : index - 1
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? last
              : null;
    if (target === null) return;
    event.preventDefault();
    select(EVENT_SECTIONS[target]!, true);
  };

  return (
    <div className="event-sections">
      <div role="tablist" aria-label={t('sections.label')} className="event-sections__tabs">
        {EVENT_SECTIONS.map((section) => {
          const selected = section === current;
          const count = counts[section];
          return (
            <a
              key={section}
              ref={(element) => {
                if (element) tabs.current.set(section, element);
                else tabs.current.delete(section);
              }}
              id={`event-tab-${section}`}
              role="tab"
              href={`#${section}`}
              aria-selected={selected}
              aria-controls={`event-panel-${section}`}
              tabIndex={selected ? 0 : -1}
              className="event-sections__tab"
              onClick={(event) => {
                event.preventDefault();
                select(section, false);
              }}
              onKeyDown={onKeyDown}
            >
              {t(`sections.${section}`)}
              {count !== undefined ? <span className="badge">{formatCount(count, language)}</span> : null}
            </a>
          );
        })}
      </div>
      <div
        role="tabpanel"
        id={`event-panel-${current}`}
        aria-labelledby={`event-tab-${current}`}
        // A panel may hold nothing focusable: it takes the Tab stop itself (WAI-ARIA tabs).
        tabIndex={0}
        className="event-sections__panel"
      >
        {children(current)}
      </div>
    </div>
  );
}
