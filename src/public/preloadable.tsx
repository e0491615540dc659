/**
 * A component in a chunk of its own that can be loaded ahead (`preload()`), after which it renders at
 * once; until then its first render suspends (React's `use` of one cached promise). React.lazy always
 * suspends once, even for a loaded module, which would show main.tsx's overlay on screens boot has
 * already loaded.
 */
import { use, type ComponentType } from 'react';

export type Preloadable<P extends object> = ComponentType<P> & { preload: () => Promise<void> };

export function preloadable<P extends object>(load: () => Promise<ComponentType<P>>): Preloadable<P> {
  let Loaded: ComponentType<P> | undefined;
  let loading: Promise<void> | undefined;
  const preload = () =>
    (loading ??= load().then(
      (component) => {
        Loaded = component;
      },
      (error: unknown) => {
        loading = undefined; // a failed load can be tried again
        throw error;
      },
    ));
  function PreloadableComponent(props: P) {
    if (!Loaded) use(preload());
    const Component = Loaded as ComponentType<P>;
    return <Component {...props} />;
  }
  return Object.assign(PreloadableComponent, { preload });
}
