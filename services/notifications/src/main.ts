import { readSettingsOrExit, runServiceMain } from '@waco/platform';
import { createNotificationsService, readWebPushSettings } from './service';

// The VAPID keys (Web Push) are read once, here; a malformed one stops the start, naming it.
const webPush = readSettingsOrExit('notifications', () => readWebPushSettings());
await runServiceMain(createNotificationsService({ webPush }));
