import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: [
            'common/src/**/*.test.ts',
            'web/src/**/*.test.{ts,tsx}',
            'server/src/**/*.test.ts',
          ],
        },
      },
      {
        test: {
          name: 'api',
          include: ['server/test/**/*.test.ts'],
          // Suites that need Redis run when TEST_REDIS_URL points at one (CI sets it).
          exclude: process.env.TEST_REDIS_URL ? [] : ['server/test/**/*.redis.test.ts'],
          testTimeout: 20000,
          hookTimeout: 30000,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['e2e/tests/**/*.test.ts'],
          testTimeout: 30000,
          hookTimeout: 60000,
          fileParallelism: false,
        },
      },
      {
        // The container image (.ci/container-image builds it with podman, then runs this).
        test: {
          name: 'container',
          include: ['e2e/container/**/*.test.ts'],
          testTimeout: 60000,
          hookTimeout: 300000,
          fileParallelism: false,
        },
      },
    ],
  },
});
