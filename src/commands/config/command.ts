// `recruit config`: the group, whose verbs are folders beside this file (program.ts adds them).
import { examples, type Parent } from '../define.js';

export function addConfig(program: Parent) {
  return program
    .command('config')
    .description('read and change profile settings: base-url, account-type, concurrency')
    .addHelpText('after', examples(['recruit config list', 'recruit config set account-type staffing']));
}
