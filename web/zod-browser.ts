// `zod` as the browser build sees it (vite.config.ts aliases the bare specifier here): zod with
// its JIT off. Zod tests whether it may compile code (`Function('')`) as each object schema is
// made; the app's CSP forbids eval, so that test was refused and reported as a CSP violation on
// every page that loads a schema (Lighthouse's best practices). The services keep the JIT.
import { config } from 'zod/v4';

config({ jitless: true });

export * from 'zod/v4';
