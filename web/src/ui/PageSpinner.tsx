/** A quiet placeholder while a page's code or the signed-in user loads. */
export function PageSpinner() {
  return (
    <div className="grid min-h-[50dvh] place-items-center" role="status" aria-label="Loading">
      <span className="size-8 animate-spin rounded-full border-4 border-primary/25 border-t-primary" />
    </div>
  );
}
