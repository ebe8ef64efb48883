import { runServiceMain } from '@waco/platform';
import { moderationService } from './service';

await runServiceMain(moderationService);
