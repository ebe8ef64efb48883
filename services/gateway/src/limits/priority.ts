import { setPriority } from 'node:os';
import type { Logger } from '@waco/platform';

/**
 * Raises the gateway's scheduling priority (a nice value below 0) where it shares its cores with
 * the services, Postgres and NATS (one machine, compose, `npm start` in processes). Admission
 * refuses what the stack cannot serve, but only when it gets the CPU to do so: at twice the knee on
 * 2 cores, at an equal priority, its refusals waited 1.6 s at p99 for their turn on a core, and
 * 54 ms once it came first (bench/load.ts --overload, docs/performance.md). Lowering one's own
 * nice value needs CAP_SYS_NICE (root has it; a container usually not, where the gateway has
 * cores of its own anyway): without it the gateway runs as it is, and says so once.
 */
export function raisePriority(nice: number, logger: Logger) {
  if (nice === 0) return;
  try {
    setPriority(nice);
    logger.info({ nice }, 'scheduling priority raised');
  } catch (err) {
    logger.info({ nice, reason: (err as Error).message }, 'scheduling priority left as it is');
  }
}
