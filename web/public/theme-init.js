// Applies the stored theme before the first paint (an external file: the CSP allows no inline script).
try {
  if (localStorage.getItem('vite-ui-theme') === 'dark') document.documentElement.classList.add('dark');
} catch (_) {}
