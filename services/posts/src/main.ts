import { readSettingsOrExit, runServiceMain } from '@waco/platform';
import { readPostsSettings } from './config';
import { createPostsService } from './service';

// The settings are read once, here; a wrong value stops the start, naming it.
await runServiceMain(createPostsService(readSettingsOrExit('posts', readPostsSettings)));
