import { type ComponentType, createElement, lazy, useState } from 'react';

/**
 * A component loaded on first use, like React's `lazy`, that the browser can load before
 * hydrating a page the server rendered with it.
 *
 * Why: a server-rendered part whose code is still loading when React hydrates stays server HTML
 * inside a dehydrated Suspense boundary, and the first update that reaches that boundary (the
 * hydration's own follow-up renders do) makes React throw the HTML away and render the part anew
 * in the browser: a second render of the page, the fields' typed text lost. So the server names
 * the parts it rendered (`takeRenderedParts`, written on #root by the gateway) and main.tsx loads
 * them (`loadParts`) before hydrating, when each renders at once, as on the server.
 */
type Module<P> = { default: ComponentType<P> };

/** Each name's loaders: two modules may load the same part lazily, each with its own `lazyPart`. */
const loaders = new Map<string, Array<() => Promise<unknown>>>();
let rendered: Set<string> | null = null;

export function lazyPart<P extends object>(name: string, load: () => Promise<Module<P>>): ComponentType<P> {
  let loaded: ComponentType<P> | undefined;
  const loadOnce = () =>
    load().then((module) => {
      loaded = module.default;
      return module;
    });
  const Lazy = lazy(loadOnce);
  loaders.set(name, [...(loaders.get(name) ?? []), loadOnce]);
  function Part(props: P) {
    rendered?.add(name);
    // Chosen once per mount: switching from Lazy to the loaded component would remount the part.
    const [Component] = useState<ComponentType<P>>(() => loaded ?? Lazy);
    return createElement(Component, props);
  }
  Part.displayName = name;
  return Part;
}

/** On the server, before a render: start recording the parts rendered. */
export function recordRenderedParts() {
  rendered = new Set();
}

/** On the server, after a render: the names of the parts it rendered. */
export function takeRenderedParts(): string[] {
  const names = [...(rendered ?? [])];
  rendered = null;
  return names;
}

/** In the browser, before hydrating: loads the parts named (unknown names are skipped). */
export async function loadParts(names: string[]): Promise<void> {
  await Promise.all(names.flatMap((name) => (loaders.get(name) ?? []).map((load) => load())));
}
