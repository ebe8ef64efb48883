// Placeholder page until the web issue lands the real app.
export function App() {
  return (
    <main className="placeholder">
      <h1>Waco Commons</h1>
      <p className="tagline">Discover Waco in a different way...</p>
      <p>The app is on its way.</p>
    </main>
  );
}
