// Zod compiles a fast parser per object schema with `new Function`, after probing whether it may
// (`Function('')`). The page's CSP refuses both, and Chromium reports the refused probe as a
// violation (a console error, and Lighthouse's best practices). Jitless, zod never probes.
// Zod keeps its settings in this global, shared by every copy of it and kept if already set
// (zod/v4/core/core.js), so it is set here without loading zod into the first view: main.tsx
// imports this first, and zod's code (forms' and answers' validation) comes later in lazy chunks.
// `z.config({ jitless: true })` would pull zod's core into the first view (3.7 KB gzip).
const settings = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
settings.__zod_globalConfig = { ...settings.__zod_globalConfig, jitless: true };
