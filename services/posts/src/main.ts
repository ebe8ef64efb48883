import { memberLimitsOn, readSettingsOrExit, runServiceMain } from '@waco/platform';
import { createPostsService } from './service';

// MEMBER_LIMITS is read once, here; a wrong value stops the start, naming it.
const memberLimits = readSettingsOrExit('posts', () => memberLimitsOn());
await runServiceMain(createPostsService({ memberLimits }));
