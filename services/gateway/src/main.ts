import { runMain } from '@waco/platform';
import { gatewayDefinition } from './service';

await runMain(gatewayDefinition);
