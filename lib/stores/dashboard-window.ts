export interface WindowInput {
  scrollTop: number;
  viewportHeight: number;
  rowHeight: number;
  count: number;
  /** Rows rendered above and below the visible ones, so fast scrolling shows no gaps. */
  overscan?: number;
}

export interface RowWindow {
  /** First rendered row (inclusive). */
  start: number;
  /** Last rendered row (exclusive). */
  end: number;
  /** Height of the scrolled content: every row, rendered or not. */
  totalHeight: number;
}

/** Which rows of a long list to render: tens of rows out of 10,000, whatever the scroll position. */
export function visibleWindow(input: WindowInput): RowWindow {
  const rowHeight = Math.max(1, input.rowHeight);
  const count = Math.max(0, Math.floor(input.count));
  const overscan = Math.max(0, input.overscan ?? 6);
  const totalHeight = count * rowHeight;
  const top = Math.min(Math.max(0, input.scrollTop), Math.max(0, totalHeight - input.viewportHeight));
  const first = Math.floor(top / rowHeight);
  const visible = Math.ceil(Math.max(0, input.viewportHeight) / rowHeight) + 1;
  return {
    start: Math.max(0, first - overscan),
    end: Math.min(count, first + visible + overscan),
    totalHeight,
  };
}

/** The scroll position that brings row `index` fully into view, or null when it already is. */
export function scrollToShow(
  index: number,
  view: { scrollTop: number; viewportHeight: number; rowHeight: number },
): number | null {
  const top = index * view.rowHeight;
  const bottom = top + view.rowHeight;
  if (top < view.scrollTop) return top;
  if (bottom > view.scrollTop + view.viewportHeight) return bottom - view.viewportHeight;
  return null;
}
