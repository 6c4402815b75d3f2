// `recruit jobs`: the group, whose verbs are folders beside this file (program.ts adds them).
import { examples, type Parent } from '../define.js';

export function addJobs(program: Parent) {
  return program
    .command('jobs')
    .description('create jobs (in a wizard, from flags or from a file), read, list and update them, and change their status')
    .addHelpText(
      'after',
      examples(['recruit jobs create', 'recruit jobs create --file jobs.json', 'recruit jobs list', 'recruit jobs get 3', 'recruit jobs status 3 closed']),
    );
}
