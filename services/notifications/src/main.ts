import { readSettingsOrExit, runServiceMain } from '@waco/platform';
import { readNotificationsSettings } from './config';
import { createNotificationsService } from './service';

// The settings are read once, here; a malformed one stops the start, naming it.
await runServiceMain(
  createNotificationsService(readSettingsOrExit('notifications', readNotificationsSettings)),
);
