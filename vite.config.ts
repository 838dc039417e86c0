import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { arcoStyleImport } from './scripts/arco-style-import.ts';

const apiPort = Number(process.env.API_PORT ?? 8081);

export default defineConfig({
  plugins: [arcoStyleImport(import.meta.dirname), react()],
  server: {
    host: '127.0.0.1',
    port: Number(process.env.PORT ?? 5173),
    proxy: { '/api': `http://127.0.0.1:${apiPort}` },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    chunkSizeWarningLimit: 1500,
    reportCompressedSize: false,
  },
  test: {
    globals: true,
    projects: [
      {
        extends: true,
        test: {
          name: 'node',
          environment: 'node',
          include: ['tests/unit/**/*.test.ts', 'tests/machines/**/*.test.ts', 'tests/api/**/*.test.ts'],
          globalSetup: ['tests/api/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'dom',
          environment: 'happy-dom',
          include: ['tests/components/**/*.test.tsx', 'tests/components/**/*.test.ts'],
          setupFiles: ['tests/setup-dom.ts'],
          testTimeout: 20_000,
        },
      },
    ],
  },
});
