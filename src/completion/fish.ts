// The fish script: `complete` lines guarded by conditions on the command path, which a small
// function finds by walking the words before the cursor through generated tables.
import { CACHE_DIR, CACHE_HEADER } from './cache.js';
import { header } from './header.js';
import { allCommands, flags, type CommandSpec, type CompletionModel, type OptionSpec } from './model.js';
import { fishQuote, oneLine } from './quote.js';
import type { ValueSource } from './values.js';

const pathOf = (cmd: CommandSpec) => cmd.path.join(' ');

function valueArgs(fn: string, values: ValueSource): string {
  switch (values.type) {
    case 'words':
      return ` -a ${fishQuote(values.words.join(' '))}`;
    case 'cache':
      return ` -a ${fishQuote(`(${fn}_cache ${values.kind})`)}`;
    case 'files':
      return ' -F';
    case 'none':
      return '';
  }
}

function optionLine(name: string, fn: string, option: OptionSpec, condition: string | undefined): string {
  const parts = [`complete -c ${name}`];
  if (condition) parts.push(`-n ${fishQuote(condition)}`);
  if (option.short) parts.push(`-s ${option.short.slice(1)}`);
  if (option.long) parts.push(`-l ${option.long.slice(2)}`);
  if (option.value === 'required') parts.push(option.values.type === 'files' ? '-r' : '-x');
  return `${parts.join(' ')}${option.value === 'required' ? valueArgs(fn, option.values) : ''} -d ${fishQuote(oneLine(option.description))}`;
}

function commandLines(name: string, fn: string, cmd: CommandSpec): string[] {
  const where = pathOf(cmd);
  const lines = [`# ${where}`];
  for (const sub of cmd.subcommands) {
    lines.push(`complete -c ${name} -n ${fishQuote(`${fn}_at "${where}"`)} -a ${fishQuote(sub.path.at(-1)!)} -d ${fishQuote(oneLine(sub.description))}`);
  }
  for (const option of cmd.options) lines.push(optionLine(name, fn, option, `${fn}_in "${where}"`));
  cmd.args.forEach((arg, i) => {
    const values = valueArgs(fn, arg.values);
    if (values) lines.push(`complete -c ${name} -n ${fishQuote(`${fn}_arg "${where}" ${i}${arg.variadic ? ' +' : ''}`)}${values}`);
  });
  return lines;
}

function tables(fn: string, commands: CommandSpec[], globals: OptionSpec[]): string {
  const valued = (options: OptionSpec[]) => options.filter((o) => o.value === 'required').flatMap(flags);
  const branches = commands.flatMap((c) => {
    const subs = c.subcommands.map((s) => s.path.at(-1)!);
    const vopts = valued(c.options);
    if (subs.length === 0 && vopts.length === 0) return [];
    return [
      `        case ${fishQuote(pathOf(c))}`,
      ...(subs.length > 0 ? [`            set subs ${subs.map(fishQuote).join(' ')}`] : []),
      ...(vopts.length > 0 ? [`            set -a vopts ${vopts.join(' ')}`] : []),
    ];
  });
  return `# The subcommands of command path $argv[1], then the options it takes that need a value.
function ${fn}_spec -a path
    set -l subs
    set -l vopts ${valued(globals).join(' ')}
    switch $path
${branches.join('\n')}
    end
    set -g ${fn}_subs $subs
    set -g ${fn}_vopts $vopts
end`;
}

export function fishScript(model: CompletionModel): string {
  const fn = `__${model.name.replace(/\W/g, '_')}`;
  const commands = allCommands(model.root);
  return `${header('fish', model.name)}
${tables(fn, commands, model.globals)}

# The command path of the words before the cursor and how many arguments it has been given, as
# two lines; remembered for the command line it was computed for.
function ${fn}_where
    set -l words (commandline -opc)
    set -l memo (string join \\n -- $words)
    if test "$memo" = "$${fn}_memo"
        printf '%s\\n' $${fn}_found
        return
    end
    set -l path ${model.name}
    set -l npos 0
    set -l want 0
    set -l ddash 0
    ${fn}_spec "$path"
    for word in $words[2..-1]
        if test $want = 1
            set want 0
        else if test $ddash = 0; and string match -qr -- '^-.' $word
            if test $word = --
                set ddash 1
            else if contains -- $word $${fn}_vopts
                set want 1
            end
        else if test $npos = 0; and contains -- $word $${fn}_subs
            set path "$path $word"
            ${fn}_spec "$path"
        else
            set npos (math $npos + 1)
        end
    end
    set -g ${fn}_memo $memo
    set -g ${fn}_found $npos $path
    printf '%s\\n' $npos $path
end

# The command path is $argv[1] and no argument was given yet: its subcommands are offered.
function ${fn}_at -a path
    set -l found (${fn}_where)
    test "$found[2]" = "$path"; and test $found[1] = 0
end

function ${fn}_in -a path
    set -l found (${fn}_where)
    test "$found[2]" = "$path"
end

# The word under the cursor is argument $argv[2] (from 0) of command path $argv[1]; "+" after it
# for the last argument of a variadic command.
function ${fn}_arg -a path index more
    set -l found (${fn}_where)
    test "$found[2]" = "$path"; or return 1
    test $found[1] = $index; or begin; test "$more" = +; and test $found[1] -gt $index; end
end

# Entries of <state dir>/${CACHE_DIR}/$argv[1].tsv unless it has expired, as "value<TAB>description"
# lines; the state directory as recruit finds it: RECRUIT_STATE_DIR, else $XDG_STATE_HOME/recruit,
# else ~/.local/state/recruit.
function ${fn}_cache -a kind
    set -l dir $RECRUIT_STATE_DIR
    if test -z "$dir"
        if test -n "$XDG_STATE_HOME"
            set dir $XDG_STATE_HOME/recruit
        else
            set dir $HOME/.local/state/recruit
        end
    end
    set -l file $dir/${CACHE_DIR}/$kind.tsv
    test -r $file; or return 0
    set -l first 1
    while read -l line
        if test $first = 1
            set first 0
            set -l expires (string replace -- ${fishQuote(CACHE_HEADER)} '' $line)
            string match -qr '^[0-9]+$' -- $expires; or return 0
            test $expires -gt (date +%s); or return 0
        else if test -n "$line"
            printf '%s\\n' $line
        end
    end < $file
end

complete -c ${model.name} -f
${model.globals.map((o) => optionLine(model.name, fn, o, undefined)).join('\n')}
${commands.flatMap((c) => commandLines(model.name, fn, c)).join('\n')}
`;
}
