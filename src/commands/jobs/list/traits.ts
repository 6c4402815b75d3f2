// What runs `recruit jobs list` needs to know of it (commands/define.ts, Traits).
import { JOB_JSON_FIELDS } from '../../../domain/job-json-fields.js';
import type { Traits } from '../../define.js';

export const traits: Traits = { paged: true, jsonFields: JOB_JSON_FIELDS };
