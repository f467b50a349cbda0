import { en } from 'zod/locales';
import { z } from 'zod/mini';

/**
 * The app's one import of zod: its mini build, whose checks and wrappers are functions
 * (`z.nullish(z.string())`, `z.string().check(z.maxLength(80))`) rather than methods, so a
 * bundle holds only what its schemas use: on the app's start-up script, a fraction of what the
 * full build would weigh, and so less for a phone to download before the first screen.
 *
 * The mini build leaves messages to a locale; the English one makes a failed parse say what it
 * expected ("Invalid input: expected number, received string") in the technical details an IT
 * contact reads. zod-setup.ts (the page's entry) has already made zod jitless.
 */
z.config(en());

export { z };
