import { runServiceMain } from '@waco/platform';
import { identityService } from './service';

await runServiceMain(identityService);
