import { setPriority } from 'node:os';
import type { Logger } from '@waco/platform';

/**
 * Raises the gateway's scheduling priority (a nice value below 0) where it shares its cores with
 * the services, Postgres and NATS (one machine: compose, or the launcher's processes). Admission
 * refuses what the stack cannot serve, but only when it gets the CPU to do so: at twice the knee
 * on 2 cores its refusals' p99 was 62 ms at nice -5 and 27-28 ms at -10, against a target of 50
 * (bench/load.ts --overload, docs/performance.md). Lowering one's own nice value needs
 * CAP_SYS_NICE (root has it; a container usually not, where the gateway has cores of its own
 * anyway): without it the gateway runs as it is, and says so once.
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
