import { runServiceMain } from '@waco/platform';
import { notificationsService } from './service';

await runServiceMain(notificationsService);
