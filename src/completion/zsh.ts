// The zsh script: one function per command, each an `_arguments` call with the command's options,
// the program's global options and its arguments; a command with subcommands hands the words after
// its subcommand to that subcommand's function.
import { CACHE_DIR, CACHE_HEADER } from './cache.js';
import { header } from './header.js';
import { allCommands, flags, type ArgumentSpec, type CommandSpec, type CompletionModel, type OptionSpec } from './model.js';
import { oneLine, shQuote } from './quote.js';
import type { ValueSource } from './values.js';

const bracketed = (text: string) => oneLine(text).replace(/[\\[\]]/g, (c) => `\\${c}`);
const message = (text: string) => oneLine(text).replace(/[\\:]/g, (c) => `\\${c}`) || ' ';

function action(fn: string, values: ValueSource): string {
  switch (values.type) {
    case 'words':
      return `(${values.words.join(' ')})`;
    case 'cache':
      // In braces, so that _arguments calls it as written, without compadd options in front.
      return `{${fn}_cache ${values.kind}}`;
    case 'files':
      return '_files';
    case 'none':
      return ' ';
  }
}

function optionSpecs(fn: string, option: OptionSpec): string[] {
  const guard = option.repeatable ? '*' : `(${option.excludes.join(' ')})`;
  const description = `[${bracketed(option.description)}]`;
  const value = `:${message(option.placeholder)}:${action(fn, option.values)}`;
  return flags(option).map((flag) => {
    const long = flag.startsWith('--');
    if (option.value === 'required') return shQuote(`${guard}${flag}${long ? '=' : '+'}${description}${value}`);
    if (option.value === 'optional') return shQuote(`${guard}${flag}${long ? '=' : ''}-${description}:${value}`);
    return shQuote(`${guard}${flag}${description}`);
  });
}

function argumentSpec(fn: string, arg: ArgumentSpec, index: number): string {
  const position = arg.variadic ? '*' : String(index + 1);
  const optional = arg.required || arg.variadic ? '' : ':';
  return shQuote(`${position}:${optional}${message(arg.name)}:${action(fn, arg.values)}`);
}

function functionName(fn: string, cmd: CommandSpec): string {
  return cmd.path.length === 1 ? `_${cmd.path[0]!.replace(/\W/g, '_')}` : `${fn}_cmd_${cmd.path.slice(1).join('_').replace(/\W/g, '_')}`;
}

function commandFunction(fn: string, cmd: CommandSpec, globals: OptionSpec[]): string {
  const specs = [...cmd.options, ...globals].flatMap((o) => optionSpecs(fn, o));
  const name = functionName(fn, cmd);
  if (cmd.subcommands.length === 0) {
    const args = cmd.args.map((a, i) => argumentSpec(fn, a, i));
    return `${name}() {\n  _arguments -s -S : \\\n    ${[...specs, ...args].join(' \\\n    ')}\n}\n`;
  }
  const label = cmd.path.join(' ');
  const described = cmd.subcommands.map((c) => `    ${shQuote(`${c.path.at(-1)!.replace(/:/g, '\\:')}:${oneLine(c.description)}`)}`);
  const dispatch = cmd.subcommands.map((c) => `        (${c.path.at(-1)}) ${functionName(fn, c)} && ret=0 ;;`);
  return `${name}() {
  local curcontext=$curcontext state state_descr line ret=1
  local -A opt_args
  _arguments -C -s -S : \\
    ${[...specs, "'1: :->command'", "'*:: :->argument'"].join(' \\\n    ')} && ret=0
  case $state in
    (command)
      local -a commands=(
${described.map((l) => `    ${l}`).join('\n')}
      )
      _describe -t commands ${shQuote(`${label} command`)} commands && ret=0
      ;;
    (argument)
      curcontext=\${curcontext%:*:*}:${cmd.path.join('-')}-$words[1]:
      case $words[1] in
${dispatch.join('\n')}
        (*) _message ${shQuote(`unknown ${label} command`)} ;;
      esac
      ;;
  esac
  return ret
}
`;
}

export function zshScript(model: CompletionModel): string {
  const fn = `__${model.name.replace(/\W/g, '_')}`;
  const root = functionName(fn, model.root);
  return `#compdef ${model.name}
${header('zsh', model.name)}
# Entries of <state dir>/${CACHE_DIR}/$1.tsv unless it has expired; the state directory as recruit
# finds it: RECRUIT_STATE_DIR, else $XDG_STATE_HOME/recruit, else ~/.local/state/recruit.
${fn}_cache() {
  local dir=\${RECRUIT_STATE_DIR:-} line value desc now
  local -a items
  [[ -n $dir ]] || { [[ -n \${XDG_STATE_HOME:-} ]] && dir=$XDG_STATE_HOME/recruit } || dir=$HOME/.local/state/recruit
  local file=$dir/${CACHE_DIR}/$1.tsv
  if [[ -r $file ]]; then
    zmodload zsh/datetime 2>/dev/null
    now=\${EPOCHSECONDS:-$(date +%s)}
    {
      IFS= read -r line
      line=\${line#${shQuote(CACHE_HEADER)}}
      if [[ -n $line && $line != *[^0-9]* ]] && (( line > now )); then
        while IFS=$'\\t' read -r value desc; do
          [[ -n $value ]] && items+=("\${value//:/\\\\:}\${desc:+:$desc}")
        done
      fi
    } < $file
  fi
  _describe -t $1 \${1//-/ } items
}

${allCommands(model.root).map((c) => commandFunction(fn, c, model.globals)).join('\n')}
if [[ $zsh_eval_context[-1] == loadautofunc ]]; then
  ${root} "$@"
else
  compdef ${root} ${model.name}
fi
`;
}
