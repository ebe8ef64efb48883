import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// Output is plain external <script type="module"> and <link> tags (no inline scripts or
// styles), so the page satisfies the gateway's CSP `script-src 'self'`.
export default defineConfig({
  plugins: [react()],
  build: { outDir: 'dist', emptyOutDir: true },
});
