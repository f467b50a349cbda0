/**
 * A page that renders only the check-in list, with demo data, for test/e2e/print-pdf-check.ts:
 * the list is not wired into a screen yet, and the print output needs a real browser.
 * Query: ?event=<demo event id>&lang=fr|en.
 */
import { createRoot } from 'react-dom/client';
import { z } from 'zod';
import { categorySchema, eventSchema } from '@/features/events/api/schemas';
import { registrationSchema } from '@/features/registrations/api/schemas';
import { PrintList } from '@/features/registrations/print/print-list';
import i18n from '@/i18n';
import { toLanguage } from '@/i18n/languages';
import { DEMO_EVENT_IDS, getDemoDataset } from '@/mocks/data';
import '@/styles/tokens.css';
import '@/styles/base.css';

const params = new URLSearchParams(location.search);
const eventId = Number(params.get('event') ?? DEMO_EVENT_IDS.nullEnglish);
const dataset = getDemoDataset('2026-11-22');
const record = dataset.findEvent(eventId);
if (!record) throw new Error(`No demo event ${eventId}`);

await i18n.changeLanguage(toLanguage(params.get('lang')));
const root = document.createElement('div');
document.body.prepend(root);
createRoot(root).render(
  <PrintList
    event={eventSchema.parse(record.event)}
    registrations={z.array(registrationSchema).parse(dataset.registrationsOf(eventId))}
    categories={z.array(categorySchema).parse(record.categories)}
  />,
);
document.documentElement.dataset.ready = 'true';
