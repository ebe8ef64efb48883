import { memberLimitsOn, readSettingsOrExit, runServiceMain } from '@waco/platform';
import { createMessagingService } from './service';

// MEMBER_LIMITS is read once, here; a wrong value stops the start, naming it.
const memberLimits = readSettingsOrExit('messaging', () => memberLimitsOn());
await runServiceMain(createMessagingService({ memberLimits }));
