import { readSettingsOrExit, runServiceMain } from '@waco/platform';
import { readIdentitySettings } from './config';
import { createIdentityService } from './service';

// The settings (SMTP_URL, ...) are read once, here; a wrong one stops the start, naming it.
await runServiceMain(createIdentityService(readSettingsOrExit('identity', readIdentitySettings)));
