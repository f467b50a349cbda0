import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@/components/dialog/confirm-dialog';
import { Menu } from '@/components/menu/menu';
import { paths } from '@/config/paths';
import type { RegistrationsView } from '../rows/registrations-view';
import {
  MAX_SAVED_VIEWS,
  applicableView,
  namedParts,
  savedViewSearch,
  type EventShape,
  type SavedView,
} from '../rows/saved-views';
import { useSavedViews } from '../rows/use-saved-views';
import type { SetRegistrationsView } from './use-registrations-screen';
import { ViewNameDialog } from './view-name-dialog';

/** What the screen says after a saved view was opened, saved, renamed, deleted or its link copied. */
export type ViewsNotice = { readonly text: string };

interface SavedViewsMenuProps {
  eventId: number;
  view: RegistrationsView;
  setView: SetRegistrationsView;
  /** The event as it is now (columns, categories), read when a view opens. */
  shape: () => EventShape;
  /** A category's and a column's name now, kept with a view to name them once gone. */
  categoryName: (id: string) => string;
  columnName: (id: string) => string;
  onNotice: (notice: ViewsNotice) => void;
  /** The print dialogs' choices now: kept with a view saved (see export/print-options.ts). */
  printChoices: unknown;
  /** Gives the print dialogs a view's choices back when it opens (a view saved with some). */
  onRestorePrint: (print: unknown) => void;
}

type Dialog =
  { kind: 'save' } | { kind: 'rename'; view: SavedView } | { kind: 'delete'; view: SavedView } | null;

/**
 * The toolbar's "Views" menu: save the current view under a name, and each saved view with
 * its Open (its name), Rename, Copy link and Delete. Names are the promoter's text, rendered as
 * text. A view opens through the same parser as its link, with what no longer exists left out
 * and said (applicableView); its link is the screen's URL for it.
 */
export function SavedViewsMenu({
  eventId,
  view,
  setView,
  shape,
  categoryName,
  columnName,
  onNotice,
  printChoices,
  onRestorePrint,
}: SavedViewsMenuProps) {
  const { t } = useTranslation('views');
  const saved = useSavedViews(eventId);
  const [dialog, setDialog] = useState<Dialog>(null);
  const current = savedViewSearch(view);

  const open = (target: SavedView) => {
    const { view: next, dropped } = applicableView(target, shape());
    setView(next);
    // A view saved without print choices leaves the current ones as they are.
    if (target.print !== undefined) onRestorePrint(target.print);
    const parts = dropped.map((part) =>
      t(part.kind === 'category' ? 'notice.droppedCategory' : 'notice.droppedColumn', { name: part.name }),
    );
    onNotice({
      text:
        parts.length > 0
          ? t('notice.dropped', { name: target.name, parts: parts.join(', ') })
          : t('notice.opened', { name: target.name }),
    });
  };

  const copyLink = async (target: SavedView) => {
    const link = new URL(paths.registrations.build(eventId, target.search), window.location.origin).href;
    try {
      await navigator.clipboard.writeText(link);
      onNotice({ text: t('notice.linkCopied', { name: target.name }) });
    } catch {
      onNotice({ text: t('notice.linkFailed', { name: target.name }) });
    }
  };

  const saveCurrent = (name: string) => {
    const parts = namedParts(view);
    const saving = saved.add({
      id: crypto.randomUUID(),
      name,
      search: current,
      savedAt: Date.now(),
      print: printChoices,
      names: {
        categories: Object.fromEntries(parts.categories.map((id) => [id, categoryName(id)])),
        columns: Object.fromEntries(parts.columns.map((id) => [id, columnName(id)])),
      },
    });
    // Said once the save is done: "saved on this device" only when it is.
    void saving.then((keeping) =>
      onNotice({ text: t(keeping === 'kept' ? 'notice.saved' : 'notice.savedForTab', { name }) }),
    );
  };

  return (
    <>
      <Menu label={t('menu')}>
        <p className="muted menu__note">{t('note')}</p>
        <button
          type="button"
          className="menu__action"
          disabled={!saved.ready}
          data-close-menu
          onClick={() => setDialog({ kind: 'save' })}
        >
          <strong>{t('saveCurrent')}</strong>
          <span className="muted">{t('saveCurrentHint')}</span>
        </button>
        {saved.keeping === 'not-kept' ? (
          <p className="menu__note saved-views__not-kept">{t('notKept')}</p>
        ) : null}
        {!saved.ready ? (
          <p className="muted menu__note">{t('reading')}</p>
        ) : saved.views.length === 0 ? (
          <p className="muted menu__note">{t('none')}</p>
        ) : (
          <ul className="saved-views" aria-label={t('list')}>
            {saved.views.map((item) => {
              const shown = item.search === current;
              return (
                <li key={item.id} className="saved-views__item">
                  <button
                    type="button"
                    className="menu__action saved-views__open"
                    aria-current={shown ? 'true' : undefined}
                    data-close-menu
                    onClick={() => open(item)}
                  >
                    <strong>{item.name}</strong>
                    {shown ? (
                      <>
                        {' '}
                        <span className="muted">{t('currentMark')}</span>
                      </>
                    ) : null}
                  </button>
                  <div className="saved-views__actions">
                    <button
                      type="button"
                      className="button button--ghost saved-views__action"
                      aria-label={t('renameNamed', { name: item.name })}
                      data-close-menu
                      onClick={() => setDialog({ kind: 'rename', view: item })}
                    >
                      {t('rename')}
                    </button>
                    <button
                      type="button"
                      className="button button--ghost saved-views__action"
                      aria-label={t('copyLinkNamed', { name: item.name })}
                      data-close-menu
                      onClick={() => void copyLink(item)}
                    >
                      {t('copyLink')}
                    </button>
                    <button
                      type="button"
                      className="button button--ghost saved-views__action"
                      aria-label={t('deleteNamed', { name: item.name })}
                      data-close-menu
                      onClick={() => setDialog({ kind: 'delete', view: item })}
                    >
                      {t('delete')}
                    </button>
                  </div>
                </li>
              );
            })}
          </ul>
        )}
      </Menu>
      {dialog?.kind === 'save' ? (
        <ViewNameDialog
          mode="save"
          initialName=""
          otherNames={saved.views.map((item) => item.name)}
          full={saved.views.length >= MAX_SAVED_VIEWS}
          onSubmit={(name) => {
            setDialog(null);
            saveCurrent(name);
          }}
          onCancel={() => setDialog(null)}
        />
      ) : dialog?.kind === 'rename' ? (
        <ViewNameDialog
          mode="rename"
          initialName={dialog.view.name}
          otherNames={saved.views.filter((item) => item.id !== dialog.view.id).map((item) => item.name)}
          onSubmit={(name) => {
            setDialog(null);
            saved.update(dialog.view.id, (item) => ({ ...item, name, savedAt: Date.now() }));
            onNotice({ text: t('notice.renamed', { name }) });
          }}
          onCancel={() => setDialog(null)}
        />
      ) : dialog?.kind === 'delete' ? (
        <ConfirmDialog
          title={t('deleteTitle', { name: dialog.view.name })}
          confirmLabel={t('deleteConfirm')}
          cancelLabel={t('dialog.cancel')}
          destructive
          onConfirm={() => {
            setDialog(null);
            saved.remove(dialog.view.id);
            onNotice({ text: t('notice.deleted', { name: dialog.view.name }) });
          }}
          onCancel={() => setDialog(null)}
        >
          <p>{t('deleteBody')}</p>
        </ConfirmDialog>
      ) : null}
    </>
  );
}
