import type { ReactNode } from 'react';

/** A table of the console's figures, scrolled sideways on a narrow screen: `head` is the header row's cells. */
export function ConsoleTable({ head, children }: { head: ReactNode; children: ReactNode }) {
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-sm tabular-nums">
        <thead>
          <tr className="text-left text-muted-foreground">{head}</tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}
