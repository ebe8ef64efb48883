import { createLogger, runServiceMain } from '@waco/platform';
import { readIdentitySettings } from './config';
import { createIdentityService } from './service';

// The mail settings (SMTP_URL, ...) are read once, here; a wrong one stops the start naming it.
let settings: ReturnType<typeof readIdentitySettings>;
try {
  settings = readIdentitySettings();
} catch (err) {
  createLogger({ name: 'identity' }).fatal((err as Error).message);
  process.exit(1);
}
await runServiceMain(createIdentityService(settings));
