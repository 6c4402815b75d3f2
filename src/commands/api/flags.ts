// `recruit api`: its name, arguments, description and flags. The options type of its
// run function (run.ts) derives from them, so a flag renamed here and not in run.ts does not compile.
import { collect, ENCODING_HELP, type OptionsOf, type Parent } from '../define.js';

export function flags(program: Parent) {
  return program
    .command('api <path>')
    .description('send a raw request to any API path (relative to the base URL) and print the JSON answer')
    .option('-X, --method <method>', 'HTTP method (default GET, or POST with fields or input)')
    .option('-f, --field <key=value>', 'body field (query parameter for GET); numbers, true/false/null, @file (repeatable)', collect)
    .option('-H, --header <name:value>', 'extra request header (repeatable)', collect)
    .option('--input <file>', 'request body from a file (- for stdin)')
    .option('--encoding <name>', `--input and @file fields: ${ENCODING_HELP}`)
    .option('--paginate', 'follow every page and print all items as one array');
}

export type ApiOptions = OptionsOf<ReturnType<typeof flags>>;
