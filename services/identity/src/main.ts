import { runServiceMain } from '@waco/platform';
import { readIdentitySettingsOrExit } from './config';
import { createIdentityService } from './service';

// The mail settings (SMTP_URL, ...) are read once, here; a wrong one stops the start naming it.
await runServiceMain(createIdentityService(readIdentitySettingsOrExit()));
