// `recruit jobs edit`: its help, with the file's format, and examples; the run function (run.ts) is
// loaded when it runs.
import { wrapWords } from '../../../terminal/wrap.js';
import { examples, type Lazy, withTraits, type Parent } from '../../define.js';
import { EDIT_FIELDS } from './edit-text.js';
import { traits } from './traits.js';

const lines = EDIT_FIELDS.filter((f) => !f.block).map((f) => f.key);
const blocks = EDIT_FIELDS.filter((f) => f.block).map((f) => f.key);

/** The file the editor opens, as edit-text.ts writes and reads it. */
const FORMAT =
  `The file: one "field: value" line per field, named as the flags of \`jobs update\` (${lines.join(', ')}), ` +
  `with names in place of ids and lists comma separated; then ${blocks.join(' and ')} as blocks ` +
  `("${blocks[0]}:" alone on a line, then the text, up to the next block or the end). Lines starting with # are comments. ` +
  'An emptied optional value clears the field; a file left as it was, or emptied, sends nothing. Values the checks of ' +
  '`jobs update` refuse open the editor again, with the problems on top and your text kept.';

export function addJobsEdit(jobs: Parent, lazy: Lazy): void {
  withTraits(jobs.command('edit <jobId>'), traits)
    .description("open a job's fields in your editor ($VISUAL, $EDITOR), then check what you changed, show it and send it once you confirm (--yes without a terminal)")
    .addHelpText(
      'after',
      `\n${wrapWords(FORMAT, 100).join('\n')}\n${examples(['recruit jobs edit 3', 'EDITOR="code --wait" recruit jobs edit 3', 'EDITOR=./my-edit-script recruit jobs edit 3 --yes   # in a script: --yes sends'])}`,
    )
    .action(lazy(() => import('./run.js')));
}
