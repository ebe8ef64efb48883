import type { DailyCounts } from '@waco/contracts';
import type { ConsumerLag, DeadLetter } from '@waco/platform';
import type { AdminChange, ModeratorChange, VerifiedChange } from './moderators';

export interface RelayLag {
  service: string;
  /** Events committed but not yet published. */
  events: number;
  /** How long the oldest has waited, in seconds. */
  oldestSeconds: number;
}

export interface Lag {
  relays: RelayLag[];
  consumers: ConsumerLag[];
  /** What stops events from being consumed, beyond one consumer (a stream missing...). */
  warnings?: string[];
}

export interface SiteFigures {
  members: DailyCounts;
  posts: DailyCounts;
  messages: DailyCounts;
}

export interface ServiceStatus {
  service: string;
  ready: boolean;
  checks: Record<string, string>;
}

/**
 * What the operator commands act on: the distributed stack (NATS and Postgres, reached directly)
 * or the embedded process (its admin endpoint; its bus and its dead letters live in it).
 */
export interface OpsBackend {
  readonly describe: string;
  listDeadLetters(): Promise<DeadLetter[]>;
  redrive(id: string): Promise<boolean>;
  drop(id: string): Promise<boolean>;
  lag(): Promise<Lag>;
  /** Grants (or revokes) the moderator role of the member with this email. */
  setModerator(email: string, grant: boolean): Promise<ModeratorChange>;
  /** Sets (or takes away) the verified mark of the member with this email. */
  setVerified(email: string, grant: boolean): Promise<VerifiedChange>;
  /** Grants (or revokes) the admin role, the operator's console, of the member with this email. */
  setAdmin(email: string, grant: boolean): Promise<AdminChange>;
  /** New members, posts and messages per day (the console's figures). */
  figures(): Promise<SiteFigures>;
  /** Each service's readiness, as its `/readyz` says it. */
  status(): Promise<ServiceStatus[]>;
  close(): Promise<void>;
}
