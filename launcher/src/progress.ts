/**
 * A step's progress on the terminal ("Seeding posts: 20 of 62"): on a terminal one line
 * rewritten in place; in a log or a pipe a line at half way and one at the end, so that a first
 * start's output stays short.
 */
export function progressLine(write: (text: string) => void, terminal = process.stdout.isTTY === true) {
  const shown = new Map<string, number>();
  return (step: string, done: number, total: number) => {
    const line = `${step}: ${done} of ${total}`;
    if (terminal) {
      write(`\r${line}${done >= total ? '\n' : ''}`);
      return;
    }
    const half = total > 0 ? Math.floor((done / total) * 2) : 2;
    if (half === 0 || shown.get(step) === half) return;
    shown.set(step, half);
    write(`${line}\n`);
  };
}
