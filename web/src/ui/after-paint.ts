/**
 * Runs `task` once the browser has painted the current frame, and returns what cancels it. For a
 * first reading of the page's geometry (the scroll position, how far the list's end is) from an
 * effect: read in the effect, it forces the style and layout of the whole page inside the task
 * that committed it (on the feed's first render, a long task on a slow phone); read after the
 * paint, the layout is already done and the reading is free.
 */
export function afterPaint(task: () => void): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  // (No frames where nothing paints: a test's DOM without requestAnimationFrame.)
  if (typeof requestAnimationFrame === 'undefined') {
    timer = setTimeout(task, 0);
    return () => clearTimeout(timer);
  }
  const frame = requestAnimationFrame(() => {
    timer = setTimeout(task, 0);
  });
  return () => {
    cancelAnimationFrame(frame);
    clearTimeout(timer);
  };
}
