// Which failed creates are a final answer about the job's body, for one-shot creates and batches
// alike: a 400, 409 or 422 that judged the request. Anything else (no answer, a 5xx, a 404 from a
// wrong path, a refused token, the same key still in flight) says nothing about the body, so the
// same request is sent again later with the same key.
import { ApiError } from '../api/errors.js';

const DEFINITIVE_STATUSES = new Set([400, 409, 422]);

export function isRefusal(error: unknown): error is ApiError {
  return error instanceof ApiError && error.status !== null && DEFINITIVE_STATUSES.has(error.status) && !error.outcomeUnknown;
}
