import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { adminAccountBox } from './admin-account-box.ts';
import { loadConfig } from './config.ts';

describe('first start console', () => {
  it('frames the admin email and password in a box of even lines', () => {
    const box = adminAccountBox('admin@example.com', 'correct-horse-battery');
    const lines = box.trimEnd().split('\n');
    expect(lines[0]).toMatch(/^ {2}┌─+┐$/);
    expect(lines.at(-1)).toMatch(/^ {2}└─+┘$/);
    expect(new Set(lines.map((line) => line.length)).size).toBe(1);
    expect(box).toContain('email:    admin@example.com');
    expect(box).toContain('password: correct-horse-battery');
  });

  it('logs requests only from warn level in production, unless LOG_LEVEL says otherwise', () => {
    const storagePath = '/tmp/backbeat-config-test';
    const base = { APP_KEY: randomBytes(32).toString('base64url'), STORAGE_PATH: storagePath };
    expect(loadConfig({ ...base, NODE_ENV: 'production' }).logLevel).toBe('warn');
    expect(loadConfig({ ...base, NODE_ENV: 'development' }).logLevel).toBe('info');
    expect(loadConfig({ ...base, NODE_ENV: 'production', LOG_LEVEL: 'info' }).logLevel).toBe(
      'info',
    );
  });
});
