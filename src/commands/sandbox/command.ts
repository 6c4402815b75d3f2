// `recruit sandbox`: the group, whose verbs are folders beside this file (program.ts adds them).
import { examples, type Parent } from '../define.js';

export function addSandbox(program: Parent) {
  return program
    .command('sandbox')
    .description('run and control the local emulator of the Recruitment API v1')
    .addHelpText('after', examples(['recruit sandbox serve', 'recruit sandbox tokens', 'recruit sandbox approve 14']));
}
