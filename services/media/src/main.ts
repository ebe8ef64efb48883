import { createLogger, runServiceMain } from '@waco/platform';
import { readMediaSettings } from './config';
import { createMediaService } from './service';

// The storage settings (S3_*) are read once, here, before anything starts; a missing or wrong
// one stops the start with a message that names it.
let settings: ReturnType<typeof readMediaSettings>;
try {
  settings = readMediaSettings();
} catch (err) {
  createLogger({ name: 'media' }).fatal((err as Error).message);
  process.exit(1);
}
await runServiceMain(createMediaService(settings));
