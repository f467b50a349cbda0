import type { Session } from '@/lib/session';
import { theEngine } from '../engine';
import { CopySearchClient } from './copy-search-client';
import { DeviceCopyClient } from './device-copy-client';
import type { CopyReadResult } from './device-copy-protocol';

/*
 * The app's way to the encrypted copy on this device: one client of the engine's copy for the
 * page (device-copy-client.ts), and one of its search across events (copy-search-client.ts).
 */

let client: DeviceCopyClient | null = null;
const theClient = () => (client ??= new DeviceCopyClient(theEngine()));
let search: CopySearchClient | null = null;
const theSearch = () => (search ??= new CopySearchClient(theEngine()));

/** Whether the signed-in session may save on this device (not after "Forget this device"). */
export const deviceCopyKeeps = () => theClient().keeps();

/** What the engine found reading an event's copy, for the screens to show. */
export const noteDeviceCopyRead = (eventId: number, read: CopyReadResult) =>
  theClient().noteRead(eventId, read);

/** Saves the events list (GET /v1/events, unfiltered) as it came at `savedAt`, in the background. */
export const saveEventsCopy = (response: unknown, savedAt: Date = new Date()) =>
  theClient().saveRecord({ kind: 'events' }, response, savedAt);

/** The events list kept on this device for the signed-in session, or null. */
export const readEventsCopy = () => theClient().readRecord({ kind: 'events' });

/** Saves an event's categories (GET /v1/events/{id}/categories) in the background. */
export const saveCategoriesCopy = (eventId: number, categories: unknown, savedAt: Date = new Date()) =>
  theClient().saveRecord({ kind: 'categories', eventId }, categories, savedAt);

/** An event's categories kept on this device for the signed-in session, or null. */
export const readCategoriesCopy = (eventId: number) =>
  theClient().readRecord({ kind: 'categories', eventId });

/**
 * Saves the keys of the duplicate groups dismissed for an event (a JSON value), in the
 * background; nothing once the device was forgotten in this session.
 */
export const saveDismissedDuplicatesCopy = (eventId: number, value: unknown) =>
  theClient().saveRecord({ kind: 'dismissed-duplicates', eventId }, value, new Date());

/** The keys of the duplicate groups dismissed for an event, as saved on this device, or null. */
export const readDismissedDuplicatesCopy = (eventId: number) =>
  theClient().readRecord({ kind: 'dismissed-duplicates', eventId });

/**
 * Saves an event's figures for the events list (a JSON value, see event-figures.ts) in the
 * background; nothing once the device was forgotten in this session.
 */
export const saveEventFiguresCopy = (eventId: number, value: unknown) =>
  theClient().saveRecord({ kind: 'event-figures', eventId }, value, new Date());

/** An event's figures as saved on this device, or null. */
export const readEventFiguresCopy = (eventId: number) =>
  theClient().readRecord({ kind: 'event-figures', eventId });

/**
 * Saves the previous edition an event is linked to (a JSON value, see editions/edition-link.ts),
 * in the background; nothing once the device was forgotten in this session.
 */
export const saveEditionLinkCopy = (eventId: number, value: unknown) =>
  theClient().saveRecord({ kind: 'edition-link', eventId }, value, new Date());

/** The previous edition an event is linked to, as saved on this device, or null. */
export const readEditionLinkCopy = (eventId: number) =>
  theClient().readRecord({ kind: 'edition-link', eventId });

/**
 * Saves the views of an event's registrations the promoter named (a JSON value, see
 * rows/saved-views.ts) in the background; nothing once the device was forgotten in this session.
 */
export const saveSavedViewsCopy = (eventId: number, value: unknown) =>
  theClient().saveRecord({ kind: 'saved-views', eventId }, value, new Date());

/** The saved views of an event's registrations, as kept on this device, or null. */
export const readSavedViewsCopy = (eventId: number) =>
  theClient().readRecord({ kind: 'saved-views', eventId });

/**
 * Saves the merchandise order the promoter froze for an event (a JSON value, see
 * order-sheet/frozen-order.ts) in the background; nothing once the device was forgotten.
 */
export const saveFrozenOrderCopy = (eventId: number, value: unknown) =>
  theClient().saveRecord({ kind: 'frozen-order', eventId }, value, new Date());

/** The merchandise order frozen for an event, as kept on this device, or null. */
export const readFrozenOrderCopy = (eventId: number) =>
  theClient().readRecord({ kind: 'frozen-order', eventId });

/**
 * Saves the promoter's corrections to how an event's answers are read (a JSON value, see
 * lib/clean-answers) in the background; nothing once the device was forgotten.
 */
export const saveAnswerCorrectionsCopy = (eventId: number, value: unknown) =>
  theClient().saveRecord({ kind: 'answer-corrections', eventId }, value, new Date());

/** An event's corrections to how its answers are read, as kept on this device, or null. */
export const readAnswerCorrectionsCopy = (eventId: number) =>
  theClient().readRecord({ kind: 'answer-corrections', eventId });

/**
 * Saves the data doctor's findings the promoter marked "This is fine" for an event (a JSON
 * value, see features/registrations/checks/fine-findings) in the background.
 */
export const saveFineFindingsCopy = (eventId: number, value: unknown) =>
  theClient().saveRecord({ kind: 'fine-findings', eventId }, value, new Date());

/** An event's findings marked fine, as kept on this device, or null. */
export const readFineFindingsCopy = (eventId: number) =>
  theClient().readRecord({ kind: 'fine-findings', eventId });

/** Whether `candidate`'s key opens the copy on this device; never discards it (offline sign-in). */
export const probeDeviceCopyKey = (candidate: Session) => theClient().probe(candidate);

/** Wipes the device copy (sign-out, 401); resolves false if the database could not be deleted. */
export const wipeDeviceCopyOfSession = () => theClient().wipe();

/**
 * "Forget this device": wipes the copy, and no tab of this session saves it again until the
 * next sign-in (the other tabs are told). Resolves false if the database could not be deleted.
 */
export const forgetDeviceCopy = () => theClient().forget();

/** True once this session asked the device to forget: nothing is saved until the next sign-in. */
export const deviceCopyForgotten = () => theClient().forgotten();

/** The events kept on this device for the signed-in session: plaintext metadata only. */
export const listDeviceCopy = () => theClient().list();

/** At start: deletes a copy unused for 30 days. */
export const deleteUnusedDeviceCopyAtStart = () => theClient().sweep();

/** The last outcome of reading and saving the event's copy: what the screens can show. */
export const deviceCopyStatus = (eventId: number) => theClient().statusOf(eventId);

/** Subscribes to every change of a status (for useSyncExternalStore). */
export const subscribeDeviceCopyStatus = (listener: () => void) => theClient().subscribe(listener);

/** Searches every event the copy holds (see DeviceCopyClient.search). */
export const searchDeviceCopy = (query: string, limit: number, order: readonly number[] = []) =>
  theSearch().search(query, limit, order);

/** Subscribes to changes of the search index (an event read, saved or wiped). */
export const subscribeDeviceCopySearch = (listener: () => void) => theSearch().subscribe(listener);

/** Resolves once the device copy has finished everything asked of it so far. */
export const deviceCopySettled = () => theClient().settled();
