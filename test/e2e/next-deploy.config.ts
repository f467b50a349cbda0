import { defineConfig, mergeConfig } from 'vite';
import app from '../../vite.config.ts';

/**
 * The app as the next deployment ships it, for deploy-update.e2e.ts: the same build under other
 * file names. Each file's name carries a hash of its content, and a new version's content
 * differs: the files a tab of the previous build asks for are gone from the server, and the
 * service worker, which lists them, is a new one.
 */
export default defineConfig((env) =>
  mergeConfig(app(env), { build: { rolldownOptions: { output: { hashCharacters: 'hex' } } } }),
);
