import { runServiceMain } from '@waco/platform';
import { mediaService } from './service';

// The storage settings (S3_*) are read from the environment when the service is built; a
// missing one stops the start with a message that names it.
await runServiceMain(mediaService);
