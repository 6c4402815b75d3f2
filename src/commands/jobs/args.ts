// Positional arguments of the jobs commands, checked before anything is sent (exit 2).
import { UsageError } from '../../core/errors.js';

export function parseJobId(raw: string): number {
  const id = /^\d+$/.test(raw.trim()) ? Number(raw.trim()) : NaN;
  if (!Number.isSafeInteger(id) || id < 1) throw new UsageError(`job id must be a positive integer, got "${raw}"`);
  return id;
}
