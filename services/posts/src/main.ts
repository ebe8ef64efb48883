import { runServiceMain } from '@waco/platform';
import { postsService } from './service';

await runServiceMain(postsService);
