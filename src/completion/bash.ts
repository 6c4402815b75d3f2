// The bash script: generated tables of the command tree (what each command path offers) and a small
// fixed engine that walks the words before the cursor through those tables.
import { CACHE_DIR, CACHE_HEADER } from './cache.js';
import { header } from './header.js';
import { allCommands, flags, type CommandSpec, type CompletionModel, type OptionSpec } from './model.js';
import { oneLine, shQuote, shWord } from './quote.js';
import type { ValueSource } from './values.js';

const key = (cmd: CommandSpec) => cmd.path.slice(1).join(' ');
const list = (words: string[]) => words.map(shWord).join(' ');
const takesValue = (options: OptionSpec[]) => options.filter((o) => o.value === 'required').flatMap(flags);

function source(fn: string, values: ValueSource): string | undefined {
  switch (values.type) {
    case 'words':
      return `${fn}_words ${list([...values.words])}`;
    case 'cache':
      return `${fn}_cache ${values.kind}`;
    case 'files':
      return `${fn}_files=1`;
    case 'none':
      return undefined;
  }
}

/** `case` branches, one per distinct source, listing every pattern that uses it. */
function cases(entries: Array<[pattern: string, action: string | undefined]>): string[] {
  const byAction = new Map<string, string[]>();
  for (const [pattern, action] of entries) if (action) byAction.set(action, [...(byAction.get(action) ?? []), shQuote(pattern)]);
  return [...byAction].map(([action, patterns]) => `    ${patterns.join('|')}) ${action} ;;`);
}

function spec(fn: string, cmd: CommandSpec): string[] {
  const lines = [`    ${shQuote(key(cmd))})`];
  if (cmd.subcommands.length > 0) {
    lines.push(`      ${fn}_subs=(${list(cmd.subcommands.map((c) => c.path.at(-1)!))})`);
    lines.push(`      ${fn}_subd=(${cmd.subcommands.map((c) => shQuote(oneLine(c.description))).join(' ')})`);
  }
  if (cmd.options.length > 0) lines.push(`      ${fn}_opts+=(${list(cmd.options.flatMap(flags))})`);
  const valued = takesValue(cmd.options);
  if (valued.length > 0) lines.push(`      ${fn}_vopts+=(${list(valued)})`);
  if (cmd.args.length > 0) lines.push(`      ${fn}_nargs=${cmd.args.length}`);
  if (cmd.args.at(-1)?.variadic) lines.push(`      ${fn}_variadic=1`);
  lines.push('      ;;');
  return lines;
}

export function bashScript(model: CompletionModel): string {
  const fn = `__${model.name.replace(/\W/g, '_')}`;
  const commands = allCommands(model.root);
  const optionCases = cases([
    ...model.globals.flatMap((o) => flags(o).map((f): [string, string | undefined] => [`*|${f}`, source(fn, o.values)])),
    ...commands.flatMap((c) => c.options.flatMap((o) => flags(o).map((f): [string, string | undefined] => [`${key(c)}|${f}`, source(fn, o.values)]))),
  ]).map((line) => line.replace(/'\*\|/g, "*'|"));
  const argumentCases = cases(commands.flatMap((c) => c.args.map((a, i): [string, string | undefined] => [`${key(c)}|${i}`, source(fn, a.values)])));

  return `${header('bash', model.name)}
# What command path $1 ("" for ${model.name} itself) offers: subcommands with their descriptions,
# options, the options that take a value, and how many arguments it takes.
${fn}_spec() {
  ${fn}_subs=() ${fn}_subd=() ${fn}_opts=() ${fn}_vopts=() ${fn}_nargs=0 ${fn}_variadic=
  case $1 in
${commands.flatMap((c) => spec(fn, c)).join('\n')}
  esac
  ${fn}_opts+=(${list(model.globals.flatMap(flags))})
  ${fn}_vopts+=(${list(takesValue(model.globals))})
}

# The values of option $2 of command path $1.
${fn}_option_values() {
  case "$1|$2" in
${optionCases.join('\n')}
  esac
}

# The values of argument $2 (from 0) of command path $1.
${fn}_argument_values() {
  case "$1|$2" in
${argumentCases.join('\n')}
  esac
}

${fn}_has() {
  local word=$1 each
  shift
  for each; do [[ $each == "$word" ]] && return 0; done
  return 1
}

${fn}_words() {
  ${fn}_v+=("$@")
}

# Entries of <state dir>/${CACHE_DIR}/$1.tsv unless it has expired; the state directory as recruit
# finds it: RECRUIT_STATE_DIR, else $XDG_STATE_HOME/recruit, else ~/.local/state/recruit.
${fn}_cache() {
  local dir=\${RECRUIT_STATE_DIR:-} line value desc now
  [[ -n $dir ]] || { [[ -n \${XDG_STATE_HOME:-} ]] && dir=$XDG_STATE_HOME/recruit; } || dir=$HOME/.local/state/recruit
  local file=$dir/${CACHE_DIR}/$1.tsv
  [[ -r $file ]] || return 0
  {
    IFS= read -r line || return 0
    line=\${line#${shQuote(CACHE_HEADER)}}
    now=\${EPOCHSECONDS:-$(date +%s)}
    [[ $line =~ ^[0-9]+$ ]] && (( line > now )) || return 0
    while IFS=$'\\t' read -r value desc; do
      # Quoted as typed ("Information\\ Technology"): bash inserts a reply as it is.
      [[ $value == *[^A-Za-z0-9_.+-]* ]] && printf -v value '%q' "$value"
      [[ -n $value ]] && ${fn}_v+=("$value") && ${fn}_d+=("$desc")
    done
  } < "$file"
}

# COMPREPLY from the values that start with $1, each after prefix $2. With more than one match, the
# descriptions are shown beside the values; a single match is inserted alone.
${fn}_reply() {
  local cur=$1 prefix=$2 i width=0 room
  local -a values=() descs=()
  for i in "\${!${fn}_v[@]}"; do
    [[ \${${fn}_v[i]} == "$cur"* ]] || continue
    values+=("\${${fn}_v[i]}") descs+=("\${${fn}_d[i]-}")
  done
  if (( \${#values[@]} > 1 )); then
    for i in "\${!values[@]}"; do (( \${#values[i]} > width )) && width=\${#values[i]}; done
    room=$(( \${COLUMNS:-80} - width - 6 )) && (( room < 20 )) && room=20
    for i in "\${!values[@]}"; do
      (( \${#descs[i]} > room )) && descs[i]=\${descs[i]:0:room-3}...
      [[ -n \${descs[i]} ]] && printf -v 'values[i]' '%-*s  (%s)' "$width" "\${values[i]}" "\${descs[i]}"
    done
  fi
  COMPREPLY=("\${values[@]/#/$prefix}")
}

_${model.name.replace(/\W/g, '_')}() {
  local cur=\${2-} i word path= npos=0 want= ddash= option= prefix= cword=$COMP_CWORD
  local -a ${fn}_subs ${fn}_subd ${fn}_opts ${fn}_vopts ${fn}_v=() ${fn}_d=()
  local ${fn}_nargs ${fn}_variadic ${fn}_files=
  COMPREPLY=()
  for ((i = 1; i < cword; i++)); do
    word=\${COMP_WORDS[i]}
    # bash splits --option=value into "--option" "=" "value": the value is no argument.
    if [[ $word == = ]]; then want= i=$((i + 1)); continue; fi
    if [[ -n $want ]]; then want=; continue; fi
    ${fn}_spec "$path"
    if [[ -z $ddash && $word == -?* ]]; then
      if [[ $word == -- ]]; then ddash=1; elif ${fn}_has "$word" "\${${fn}_vopts[@]}"; then want=1; fi
    elif (( npos == 0 )) && ${fn}_has "$word" "\${${fn}_subs[@]}"; then
      path=\${path:+$path }$word
    else
      npos=$((npos + 1))
    fi
  done
  ${fn}_spec "$path"

  if [[ \${COMP_WORDS[cword]-} == = ]]; then
    option=\${COMP_WORDS[cword-1]} cur=
  elif [[ \${COMP_WORDS[cword-1]-} == = ]]; then
    option=\${COMP_WORDS[cword-2]}
  elif [[ -n $want ]]; then
    option=\${COMP_WORDS[cword-1]}
  elif [[ -z $ddash && $cur == --*=* ]]; then
    option=\${cur%%=*} prefix=\${cur%%=*}= cur=\${cur#*=}
  fi

  if [[ -n $option ]]; then
    ${fn}_option_values "$path" "$option"
  elif [[ -z $ddash && $cur == -* ]]; then
    ${fn}_words "\${${fn}_opts[@]}"
  elif (( npos == 0 && \${#${fn}_subs[@]} > 0 )); then
    ${fn}_words "\${${fn}_subs[@]}"
    ${fn}_d=("\${${fn}_subd[@]}")
  elif (( npos < ${fn}_nargs )); then
    ${fn}_argument_values "$path" "$npos"
  elif [[ -n $${fn}_variadic ]]; then
    ${fn}_argument_values "$path" "$((${fn}_nargs - 1))"
  else
    # Nothing left to give but options.
    ${fn}_words "\${${fn}_opts[@]}"
  fi

  if [[ -n $${fn}_files ]]; then
    compopt -o filenames 2>/dev/null
    mapfile -t COMPREPLY < <(compgen -f -- "$cur")
    return 0
  fi
  ${fn}_reply "$cur" "$prefix"
}

complete -F _${model.name.replace(/\W/g, '_')} ${shWord(model.name)}
`;
}
