// The app is written against React's API and runs on Preact (preact/compat): the same components,
// hooks, Suspense, portals and error boundaries, for about 10 KB of compressed JavaScript instead
// of react-dom's 65. Uppy (the photo uploader) is built on Preact, so the app and the uploader
// share one runtime. The types stay React's (@types/react); `react` and `react-dom` remain
// installed only because Radix and Testing Library name them as peers.
// Used by the build (vite.config.ts) and by the web tests (vitest.config.ts), so both run Preact.
export const reactOnPreact = [
  { find: /^react$/, replacement: 'preact/compat' },
  { find: /^react-dom$/, replacement: 'preact/compat' },
  { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
  { find: /^react-dom\/test-utils$/, replacement: 'preact/test-utils' },
  { find: /^react\/jsx-runtime$/, replacement: 'preact/jsx-runtime' },
  { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/jsx-dev-runtime' },
  // The shim (for React before 18, used by wouter) would otherwise require React itself.
  { find: /^use-sync-external-store\/shim(\/index\.js)?$/, replacement: 'preact/compat' },
];
