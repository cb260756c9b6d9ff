import { describe, expect, it } from 'vitest';
import { ApiError, errorMessage } from './api-error.ts';
import { shouldRetry } from './query-client.ts';

describe('query retry rule (spec §8)', () => {
  it('retries at most twice', () => {
    expect(shouldRetry(0, new Error('network'))).toBe(true);
    expect(shouldRetry(1, new ApiError(500, {}))).toBe(true);
    expect(shouldRetry(2, new ApiError(500, {}))).toBe(false);
  });
  it.each([401, 403, 404])('never retries a %i', (status) => {
    expect(shouldRetry(0, new ApiError(status, {}))).toBe(false);
  });
});

describe('server error messages (spec §8)', () => {
  it('prefers the named field, then the message, then the default line', () => {
    const error = new ApiError(422, { message: 'Invalid.', errors: { email: ['Taken.'] } });
    expect(errorMessage(error, 'email')).toBe('Taken.');
    expect(errorMessage(error)).toBe('Invalid.');
    expect(errorMessage(new Error('boom'))).toBe('There was an issue. Please try again.');
  });
  it('never shows a debug trace message as a toast', () => {
    const trace = new ApiError(500, { message: 'SQLITE_ERROR near x', ignitionTrace: true });
    expect(errorMessage(trace)).toBe('There was an issue. Please try again.');
  });
});
