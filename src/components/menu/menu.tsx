import { useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { placeBelow, supportsAnchorPositioning } from './place-below';
import './menu.css';

interface MenuProps {
  /** The button's text. */
  label: ReactNode;
  /** Shown after the label, e.g. how many values are selected. */
  badge?: ReactNode;
  /** Extra class for the button (e.g. 'button--primary'). */
  buttonClassName?: string;
  /** Which edge of the button the panel lines up with. */
  align?: 'start' | 'end';
  /** Called each time the menu opens (e.g. to start a worker it will need). */
  onOpen?: () => void;
  /** Options; a click on an element marked `data-close-menu` closes the menu after its own action. */
  children: ReactNode;
}

/** What the arrow keys move between inside a panel. */
const ITEMS = 'input:not([disabled]), button:not([disabled]), select:not([disabled]), a[href]';

/** Decided once: the browser places the panel (menu.css), or place-below.ts does. */
const ANCHORED = supportsAnchorPositioning();

/** A CSS dashed ident from a React id (`_r_1_`, or `:r1:` in older React). */
function anchorNameFor(id: string): string {
  return `--menu-${id.replace(/[^\w-]/g, '-')}`;
}

/**
 * A button that opens a panel of options, on the browser's own Popover API: it opens in the
 * top layer (never clipped by the table), and the browser closes it on Escape and on a click
 * outside, returning focus to the button. The panel is tied to its button with CSS anchor
 * positioning (menu.css): it follows the button when the toolbar reflows (a "Clear filters"
 * button appears) or the page scrolls, goes above it when there is more room there, and
 * scrolls inside itself when it is taller than that room. Browsers without anchor positioning
 * get the same from place-below.ts, run again on every frame while the menu is open. On top of that: the arrow keys, Home and End move
 * between the options, focus goes to the first option on opening, and the menu closes when
 * focus leaves it (Tab past the last option). An action marked `data-close-menu` closes it and
 * puts focus back on the button (never on the page's body).
 */
export function Menu({ label, badge, buttonClassName = '', align = 'start', onOpen, children }: MenuProps) {
  const panelId = useId();
  const anchorName = anchorNameFor(panelId);
  const button = useRef<HTMLButtonElement>(null);
  const panel = useRef<HTMLDivElement>(null);
  const [open, setOpen] = useState(false);
  const onOpenRef = useRef(onOpen);
  useEffect(() => {
    onOpenRef.current = onOpen;
  });

  useEffect(() => {
    const element = panel.current;
    if (!element) return;
    let frame = 0;
    // The fallback: follow the button (reflow, scroll of any container, resize) frame by frame,
    // only while the menu is open.
    const follow = () => {
      if (button.current) placeBelow(element, button.current, align);
      frame = requestAnimationFrame(follow);
    };
    const onToggle = (event: Event) => {
      const opened = (event as ToggleEvent).newState === 'open';
      setOpen(opened);
      cancelAnimationFrame(frame);
      if (!opened || !button.current) return;
      if (!ANCHORED) follow();
      element.querySelector<HTMLElement>(ITEMS)?.focus({ preventScroll: true });
      onOpenRef.current?.();
    };
    element.addEventListener('toggle', onToggle);
    return () => {
      element.removeEventListener('toggle', onToggle);
      cancelAnimationFrame(frame);
    };
  }, [align]);

  const close = () => {
    panel.current?.hidePopover?.();
    button.current?.focus();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const items = [...(panel.current?.querySelectorAll<HTMLElement>(ITEMS) ?? [])];
    const index = items.indexOf(document.activeElement as HTMLElement);
    if (event.key === 'Tab') {
      // Tab past the last option (or Shift+Tab before the first) leaves the menu: close it and
      // let focus continue from the button, as if the panel had been in the page's tab order.
      const leaving = event.shiftKey ? index === 0 : index === items.length - 1;
      if (!leaving) return;
      panel.current?.hidePopover?.();
      button.current?.focus();
      if (event.shiftKey) event.preventDefault();
      return;
    }
    const next = {
      ArrowDown: (index + 1) % items.length,
      ArrowUp: (index - 1 + items.length) % items.length,
      Home: 0,
      End: items.length - 1,
    }[event.key];
    if (next === undefined || items.length === 0) return;
    event.preventDefault();
    items[next]?.focus();
  };

  return (
    <div className="menu">
      <button
        ref={button}
        type="button"
        className={`button menu__button ${buttonClassName}`}
        style={{ anchorName }}
        popoverTarget={panelId}
        aria-expanded={open}
        aria-controls={panelId}
      >
        {label}
        {badge}
        <span className="menu__caret" aria-hidden="true">
          ▾
        </span>
      </button>
      <div
        ref={panel}
        id={panelId}
        popover="auto"
        className={`menu__panel menu__panel--${align}${ANCHORED ? ' menu__panel--anchored' : ''}`}
        style={{ positionAnchor: anchorName }}
        onKeyDown={onKeyDown}
        onClick={(event) => {
          if (event.target instanceof Element && event.target.closest('[data-close-menu]')) close();
        }}
        onBlur={(event) => {
          const to = event.relatedTarget;
          if (to instanceof Node && (panel.current?.contains(to) || button.current?.contains(to))) return;
          // Focus left for somewhere else on the page (Tab past the last option): close.
          if (to !== null) panel.current?.hidePopover?.();
        }}
      >
        {children}
      </div>
    </div>
  );
}
