import { runServiceMain } from '@waco/platform';
import { messagingService } from './service';

await runServiceMain(messagingService);
