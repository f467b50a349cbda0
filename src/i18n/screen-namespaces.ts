import i18n from 'i18next';
import type { Language } from './languages';
import type { AllResources } from './resources';

type ScreenNamespace = Exclude<keyof AllResources, 'common' | 'errors'>;

/**
 * Adds a screen's texts in both languages when its code loads (call at module level in the
 * module that uses them, before anything renders): the language can switch at any moment
 * without a request, and the initial bundle keeps only the shell's texts.
 */
export function addScreenNamespace<N extends ScreenNamespace>(
  namespace: N,
  bundles: Record<Language, AllResources[N]>,
): void {
  for (const [language, bundle] of Object.entries(bundles)) {
    i18n.addResourceBundle(language, namespace, bundle, true, true);
  }
}
