import { runServiceMain } from '@waco/platform';
import { groupsService } from './service';

await runServiceMain(groupsService);
