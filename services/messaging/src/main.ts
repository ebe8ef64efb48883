import { readSettingsOrExit, runServiceMain } from '@waco/platform';
import { readMessagingSettings } from './config';
import { createMessagingService } from './service';

// The settings are read once, here; a wrong value stops the start, naming it.
await runServiceMain(createMessagingService(readSettingsOrExit('messaging', readMessagingSettings)));
