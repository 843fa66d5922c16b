import { useEffect } from 'react';

const FOCUSABLE =
  'button:not([disabled]), a[href], input:not([disabled]):not([type="hidden"]), select:not([disabled]), [tabindex]:not([tabindex="-1"])';

/**
 * A table row's action whose button goes once it is done (Mark Processed, Release: the spec
 * offers only what still applies) took the keyboard's focus with it, to the page's top. While
 * the back office is open, when the focused control leaves the page and nothing else has the
 * focus, it goes to the control that took its place in that row (its next action), else to
 * another in the row, found again by its key (the table draws the row anew). A row that is gone
 * too (deleted, filtered out) leaves it be.
 */
export function useFocusStaysInItsRow(): void {
  useEffect(() => {
    let last:
      | { control: Element; table: Element; rowKey: string; cell: number; index: number }
      | undefined;
    const focused = (event: FocusEvent) => {
      const control = event.target instanceof Element ? event.target : null;
      const row = control?.closest('tr[data-row-key]');
      const table = row?.closest('table');
      const cell = control?.closest('td');
      last =
        control && row && table && cell
          ? {
              control,
              table,
              rowKey: row.getAttribute('data-row-key') ?? '',
              cell: cell.cellIndex,
              index: [...cell.querySelectorAll(FOCUSABLE)].indexOf(control),
            }
          : undefined;
    };
    const observer = new MutationObserver(() => {
      if (!last || last.control.isConnected) return;
      const active = document.activeElement;
      if (active && active !== document.body) return;
      const { table, rowKey, cell, index } = last;
      last = undefined;
      if (!table.isConnected) return;
      const row = table.querySelector<HTMLTableRowElement>(
        `tr[data-row-key="${CSS.escape(rowKey)}"]`,
      );
      // The control that took its place in the same cell (the row's next action), else the
      // cell's last, else any in the row.
      const left = [...(row?.cells[cell]?.querySelectorAll<HTMLElement>(FOCUSABLE) ?? [])];
      const target =
        left[Math.max(index, 0)] ?? left.at(-1) ?? row?.querySelector<HTMLElement>(FOCUSABLE);
      target?.focus();
    });
    document.addEventListener('focusin', focused);
    observer.observe(document.body, { childList: true, subtree: true });
    return () => {
      document.removeEventListener('focusin', focused);
      observer.disconnect();
    };
  }, []);
}
