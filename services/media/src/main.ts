import { readSettingsOrExit, runServiceMain } from '@waco/platform';
import { readMediaSettings } from './config';
import { createMediaService } from './service';

// The storage settings (S3_*) are read once, here, before anything starts; a missing or wrong
// one stops the start with a message that names it.
await runServiceMain(createMediaService(readSettingsOrExit('media', readMediaSettings)));
