/**
 * The numbers a benchmark reads from its environment, each with its default
 * (`COUNT=200 npx tsx bench/events.ts`).
 */
export function numbersFromEnv<K extends string>(defaults: Record<K, number>): Record<K, number> {
  const entries = Object.entries<number>(defaults).map(([name, fallback]) => [
    name,
    Number(process.env[name] ?? fallback),
  ]);
  return Object.fromEntries(entries) as Record<K, number>;
}
