// What runs `recruit sandbox reject` needs to know of it (commands/define.ts, Traits): it prints the job it changed.
import { JOB_JSON_FIELDS } from '../../../domain/job-json-fields.js';
import type { Traits } from '../../define.js';

export const traits: Traits = { jsonFields: JOB_JSON_FIELDS, changes: true };
