// `recruit auth`: the group, whose verbs are folders beside this file (program.ts adds them).
import { examples, type Parent } from '../define.js';

export function addAuth(program: Parent) {
  return program
    .command('auth')
    .description('log in, check and log out')
    .addHelpText('after', examples(['recruit auth login', 'recruit auth status', 'recruit auth logout']));
}
