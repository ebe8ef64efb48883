import { readSettingsOrExit, runServiceMain } from '@waco/platform';
import { readMediaSettings } from './config';
import { createMediaService } from './service';

// The settings (S3_*) are read once, here, before anything starts; a missing or wrong one stops
// the start, naming it.
await runServiceMain(createMediaService(readSettingsOrExit('media', readMediaSettings)));
