import { lazy, type ComponentType } from 'react';

/** A component whose code loads when first needed, and can be asked to load earlier. */
export type PreloadableComponent<P extends object> = ComponentType<P> & {
  /** Loads the code (once); resolves when the component renders without suspending. */
  readonly preload: () => Promise<void>;
};

/**
 * Like React.lazy, except that once its code is loaded (`preload()`, or an earlier render) the
 * component renders at once instead of suspending. React shows a Suspense fallback for at
 * least 300 ms before revealing what replaced it, even when the code arrives a few
 * milliseconds later: the screen opened by the page load (see main.tsx) and the overview of an
 * event page preload theirs, so they appear as soon as their code is there.
 */
export function preloadableLazy<P extends object>(
  load: () => Promise<ComponentType<P>>,
): PreloadableComponent<P> {
  let loaded: ComponentType<P> | null = null;
  let loading: Promise<ComponentType<P>> | null = null;
  const start = () => {
    loading ??= load().then(
      (component) => (loaded = component),
      (error: unknown) => {
        // A failed load (offline, a new deploy) may be tried again by the next render.
        loading = null;
        throw error;
      },
    );
    return loading;
  };
  const Lazy = lazy(async () => ({ default: await start() }));
  function Preloadable(props: P) {
    const Loaded = loaded;
    return Loaded ? <Loaded {...props} /> : <Lazy {...props} />;
  }
  return Object.assign(Preloadable, { preload: () => start().then(() => undefined) });
}
