import type { Messages } from '@lingui/core';

// The English texts with ICU plural or select, compiled. Empty in the sources (dev and tests
// compile at run time); the production build fills it from es.ts's ids (i18n-build.ts).
const compiled: Messages = {};
export default compiled;
