// The ApiError a request ends with; fails the test when it succeeds or fails otherwise.
import { expect } from 'vitest';
import { ApiError } from '../../src/api/errors.js';

export async function failure(promise: Promise<unknown>): Promise<ApiError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
}
