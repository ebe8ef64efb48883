import { runServiceMain } from '@waco/platform';
import { directoryService } from './service';

await runServiceMain(directoryService);
