// What runs `recruit jobs get` needs to know of it (commands/define.ts, Traits); the plain line
// (entry/plain-jobs-get.ts) reads it without the command tree.
import { JOB_JSON_FIELDS } from '../../../domain/job-json-fields.js';
import type { Traits } from '../../define.js';

export const traits: Traits = { paged: true, jsonFields: JOB_JSON_FIELDS };
