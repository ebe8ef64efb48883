import { type ComponentType, createElement, lazy, useEffect, useState } from 'react';

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
/** In the browser: the parts the server rendered (given to `loadParts`), and those mounted since. */
let expected: string[] = [];
const mounted = new Set<string>();
let onMount = () => {};

export function lazyPart<P extends object>(name: string, load: () => Promise<Module<P>>): ComponentType<P> {
  let loaded: ComponentType<P> | undefined;
  const loadOnce = () =>
    load().then((module) => {
      loaded = module.default;
      return module;
    });
  const Lazy = lazy(loadOnce);
  loaders.set(name, [...(loaders.get(name) ?? []), loadOnce]);
  // biome-ignore lint/correctness/noComponentHookFactories: a factory like React's `lazy`, called once per part at module level, never during a render.
  function Part(props: P) {
    rendered?.add(name);
    // Chosen once per mount: switching from Lazy to the loaded component would remount the part.
    const [Component] = useState<ComponentType<P>>(() => loaded ?? Lazy);
    useEffect(() => {
      mounted.add(name);
      onMount();
    }, []);
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

/**
 * In the browser, before hydrating: loads the parts named. A part declared in another part's
 * module (the post form in the feed page's) is known once that module has loaded: each round
 * loads the parts known so far, until a round finds none new. Unknown names are skipped.
 */
export async function loadParts(names: string[]): Promise<void> {
  const loading = new Set<string>();
  for (;;) {
    const known = names.filter((name) => loaders.has(name) && !loading.has(name));
    if (known.length === 0) break;
    for (const name of known) loading.add(name);
    await Promise.all(known.flatMap((name) => (loaders.get(name) ?? []).map((load) => load())));
  }
  expected = [...loading];
}

// A page whose parts never all mount (the browser rendered other than the server) is taken as
// hydrated after this long: the reader's early input is then replayed as it stands.
const PARTS_MOUNTED_AT_MOST_MS = 10_000;

/**
 * Resolves once every part the server rendered has mounted in the browser. A part inside a
 * Suspense boundary hydrates after the page around it (React hydrates each boundary in a later,
 * lower-priority pass), and what was chosen in it before then is set back as it hydrates: the
 * page is the reader's only once all have.
 */
export function partsMounted(): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, PARTS_MOUNTED_AT_MOST_MS);
    onMount = () => {
      if (!expected.every((name) => mounted.has(name))) return;
      clearTimeout(timer);
      onMount = () => {};
      resolve();
    };
    onMount();
  });
}
