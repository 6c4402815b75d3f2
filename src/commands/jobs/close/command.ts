// `recruit jobs close <id...>`, as gh closes an issue: not a verb of its own (a status is set with
// `jobs status`, whatever the status), but the command to type instead, with the ids given.
import { UsageError } from '../../../core/errors.js';
import { examples, type Parent } from '../../define.js';

export function addJobsClose(jobs: Parent): void {
  jobs
    .command('close', { hidden: true })
    .argument('[jobIds...]')
    .allowUnknownOption()
    .addHelpText('after', examples(['recruit jobs close 3        # names the command: recruit jobs status 3 closed', 'recruit jobs status 3 9 12 closed']))
    .action((ids: string[]) => {
      const given = ids.filter((id) => !id.startsWith('-'));
      throw new UsageError(
        'there is no `jobs close`: a job is closed by setting its status',
        [],
        `run \`recruit jobs status ${given.length > 0 ? given.join(' ') : '<jobId...>'} closed\``,
      );
    });
}
