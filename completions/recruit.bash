# bash completion for recruit. Generated from the command tree by `recruit completion bash`
# (`npm run completions` in the repository); do not edit by hand.
#
# Install:
#   mkdir -p ~/.local/share/bash-completion/completions
#   recruit completion bash > ~/.local/share/bash-completion/completions/recruit   # with the bash-completion package
#   echo 'source <(recruit completion bash)' >> ~/.bashrc   # or, without it
#
# Ids and names come from <state dir>/completion/*.tsv, written by earlier recruit commands
# (lookup, jobs list, jobs get, job options). Completing never runs recruit and never uses the network.

# What command path $1 ("" for recruit itself) offers: subcommands with their descriptions,
# options, the options that take a value, and how many arguments it takes.
__recruit_spec() {
  __recruit_subs=() __recruit_subd=() __recruit_opts=() __recruit_vopts=() __recruit_nargs=0 __recruit_variadic=
  case $1 in
    '')
      __recruit_subs=(lookup jobs api status mcp auth config sandbox help completion)
      __recruit_subd=('list lookup data; kind: job-options, industries, functions, employer-types, customers, departments, hiring-managers, users' 'create jobs (in a wizard, from flags or from a file), read, list and update them, and change their status' 'send a raw request to any API path (relative to the base URL) and print the JSON answer' 'one screen for the account: jobs waiting for approval and for how long, active jobs, jobs changed this week, your drafts and unsettled submissions' 'serve the safe operations of recruit to an AI assistant over the Model Context Protocol (stdio): read tools, and write tools with the same checks, plans and exactly-once keys as the commands' 'log in, check and log out' 'read and change profile settings: base-url, account-type, concurrency' 'run and control the local emulator of the Recruitment API v1' 'show the help of a command (`recruit help jobs create`) or a topic: environment, exit-codes, formats' 'print the Tab-completion script for a shell: bash, zsh, fish (the same scripts are in completions/)')
      __recruit_opts+=(-V --version -h --help)
      ;;
    'lookup')
      __recruit_opts+=(--industry --search --page --page-size --all --refresh --csv --xlsx --output -h --help)
      __recruit_vopts+=(--industry --search --page --page-size --output)
      __recruit_nargs=1
      ;;
    'jobs')
      __recruit_subs=(create pending drafts get list status update apply edit wait help)
      __recruit_subd=('create jobs: the wizard on a terminal, one job from field flags, a clone of a job (--from), or a batch from a file' 'list creations that were persisted but have no final answer yet (resume them with `jobs create --resume`)' 'list the wizard'\''s saved drafts: account, title, the step to answer next, when saved (* marks this account'\''s)' 'show one job with its status and approval (and, on a terminal, the names behind its ids and codes)' 'list jobs, newest first' 'change the lifecycle status of one job or many (ids, or - for stdin): a code (1, 2, 4, 5) or a label (new, in-progress, ...), given last' 'change the fields and publication of one job or many (ids, or - for stdin), and report what the service changed or ignored; keeps free-board publication unless told otherwise' 'keep the jobs of the account in step with a file, matched by jobCode: a plan (create, update, unchanged; close with --prune), then the changes once confirmed' 'open a job'\''s fields in your editor ($VISUAL, $EDITOR), then check what you changed, show it and send it once you confirm (--yes without a terminal)' 'wait until jobs are approved, active or in a status (ids, or - for stdin); exit 8 if one is rejected, 5 past --timeout' 'show the help of one of these commands (as <command> --help does)')
      __recruit_opts+=(-h --help)
      ;;
    'jobs create')
      __recruit_opts+=(--title --description --description-file --location --industry --job-function --employer-type --customer --department --hiring-manager --job-type --education-level --salary-interval --salary-min --salary-max --currency --experience --qualifications --skills --optional-skills --job-code --publish-career-page --publish-free-boards --file --format --delimiter --sheet --encoding --csv --xlsx --output --concurrency --restart --create-edited --from --dry-run --wait --resume -h --help)
      __recruit_vopts+=(--title --description --description-file --location --industry --job-function --employer-type --customer --department --hiring-manager --job-type --education-level --salary-interval --salary-min --salary-max --currency --experience --qualifications --skills --optional-skills --job-code --file --format --delimiter --sheet --encoding --output --concurrency --from)
      ;;
    'jobs pending')
      __recruit_opts+=(-h --help)
      ;;
    'jobs drafts')
      __recruit_opts+=(--discard -h --help)
      __recruit_vopts+=(--discard)
      ;;
    'jobs get')
      __recruit_opts+=(--csv --xlsx --output -h --help)
      __recruit_vopts+=(--output)
      __recruit_nargs=1
      ;;
    'jobs list')
      __recruit_opts+=(-s --status -q --search -L --limit --page --page-size --all --customer --hiring-manager --department --industry --job-function --created-since --updated-since --wide --csv --xlsx --output -h --help)
      __recruit_vopts+=(-s --status -q --search -L --limit --page --page-size --customer --hiring-manager --department --industry --job-function --created-since --updated-since --output)
      ;;
    'jobs status')
      __recruit_opts+=(--concurrency --dry-run -h --help)
      __recruit_vopts+=(--concurrency)
      __recruit_nargs=3
      __recruit_variadic=1
      ;;
    'jobs update')
      __recruit_opts+=(--title --description --description-file --location --industry --job-function --employer-type --customer --department --hiring-manager --job-type --education-level --salary-interval --salary-min --salary-max --currency --experience --qualifications --skills --optional-skills --job-code --set --file --encoding --publish-career-page --no-publish-career-page --publish-free-boards --no-publish-free-boards --concurrency --dry-run -h --help)
      __recruit_vopts+=(--title --description --description-file --location --industry --job-function --employer-type --customer --department --hiring-manager --job-type --education-level --salary-interval --salary-min --salary-max --currency --experience --qualifications --skills --optional-skills --job-code --set --file --encoding --concurrency)
      __recruit_nargs=1
      __recruit_variadic=1
      ;;
    'jobs apply')
      __recruit_opts+=(--file --format --delimiter --sheet --encoding --prune --dry-run --concurrency -h --help)
      __recruit_vopts+=(--file --format --delimiter --sheet --encoding --concurrency)
      ;;
    'jobs edit')
      __recruit_opts+=(-h --help)
      __recruit_nargs=1
      ;;
    'jobs wait')
      __recruit_opts+=(--until --interval -h --help)
      __recruit_vopts+=(--until --interval)
      __recruit_nargs=1
      __recruit_variadic=1
      ;;
    'jobs help')
      __recruit_nargs=1
      ;;
    'api')
      __recruit_opts+=(-X --method -f --field -H --header --input --encoding --paginate -h --help)
      __recruit_vopts+=(-X --method -f --field -H --header --input --encoding)
      __recruit_nargs=1
      ;;
    'status')
      __recruit_opts+=(-h --help)
      ;;
    'mcp')
      __recruit_opts+=(--read-only --tools --exclude-tools --toolsets -h --help)
      __recruit_vopts+=(--tools --exclude-tools --toolsets)
      ;;
    'auth')
      __recruit_subs=(login status logout token help)
      __recruit_subd=('save a base URL and token to the profile after checking that they work' 'show every profile (the current one first; --profile for one): base URL, account, where the token comes from and whether it works (never the token)' 'remove the profile'\''s token' 'print the token in effect, for scripts that call the API themselves (stdout only)' 'show the help of one of these commands (as <command> --help does)')
      __recruit_opts+=(-h --help)
      ;;
    'auth login')
      __recruit_opts+=(--with-token --insecure-storage -h --help)
      ;;
    'auth status')
      __recruit_opts+=(-h --help)
      ;;
    'auth logout')
      __recruit_opts+=(-h --help)
      ;;
    'auth token')
      __recruit_opts+=(-h --help)
      ;;
    'auth help')
      __recruit_nargs=1
      ;;
    'config')
      __recruit_subs=(list get set help)
      __recruit_subd=('show the settings in effect and where each comes from' 'print one setting: base-url, account-type, concurrency, profile' 'save a setting in the profile: base-url, account-type (direct|staffing|auto), concurrency, active-job-limit, proxy, no-proxy, ca-file, encoding' 'show the help of one of these commands (as <command> --help does)')
      __recruit_opts+=(-h --help)
      ;;
    'config list')
      __recruit_opts+=(-h --help)
      ;;
    'config get')
      __recruit_opts+=(-h --help)
      __recruit_nargs=1
      ;;
    'config set')
      __recruit_opts+=(-h --help)
      __recruit_nargs=2
      ;;
    'config help')
      __recruit_nargs=1
      ;;
    'sandbox')
      __recruit_subs=(serve tokens approve reject reset help)
      __recruit_subd=('serve the sandbox API over HTTP until interrupted' 'list the sandbox bearer tokens: one per account and permission set' 'approve a job pending approval, which activates it (the active-job limit applies); in the sandbox the base URL or profile points at, else (or with --sandbox) in the embedded one' 'reject a job pending approval; in the sandbox the base URL or profile points at, else (or with --sandbox) in the embedded one' 'restore the seeded state (no idempotency keys, no faults); the embedded sandbox also loses what recruit kept of its accounts' 'show the help of one of these commands (as <command> --help does)')
      __recruit_opts+=(-h --help)
      ;;
    'sandbox serve')
      __recruit_opts+=(--host --port --state --active-job-limit --faults --rate-limit -h --help)
      __recruit_vopts+=(--host --port --state --active-job-limit --faults --rate-limit)
      ;;
    'sandbox tokens')
      __recruit_opts+=(-h --help)
      ;;
    'sandbox approve')
      __recruit_opts+=(-h --help)
      __recruit_nargs=1
      ;;
    'sandbox reject')
      __recruit_opts+=(-h --help)
      __recruit_nargs=1
      ;;
    'sandbox reset')
      __recruit_opts+=(-h --help)
      ;;
    'sandbox help')
      __recruit_nargs=1
      ;;
    'help')
      __recruit_subs=(environment exit-codes formats reference)
      __recruit_subd=('the environment variables recruit reads' 'what each exit code means' 'the batch file of `jobs create --file`: formats and fields' 'every command and its options in one markdown page; --man <dir> writes man pages')
      __recruit_opts+=(-h --help)
      __recruit_nargs=1
      __recruit_variadic=1
      ;;
    'help environment')
      __recruit_opts+=(-h --help)
      ;;
    'help exit-codes')
      __recruit_opts+=(-h --help)
      ;;
    'help formats')
      __recruit_opts+=(-h --help)
      ;;
    'help reference')
      __recruit_opts+=(--man -h --help)
      __recruit_vopts+=(--man)
      ;;
    'completion')
      __recruit_opts+=(-h --help)
      __recruit_nargs=1
      ;;
  esac
  __recruit_opts+=(--profile --base-url --sandbox --sandbox-account --json --jq --no-color --verbose -y --yes --insecure-http --timeout --max-response-size --ca-file)
  __recruit_vopts+=(--profile --base-url --sandbox-account --jq --timeout --max-response-size --ca-file)
}

# The values of option $2 of command path $1.
__recruit_option_values() {
  case "$1|$2" in
    *'|--sandbox-account') __recruit_words direct approval staffing ;;
    *'|--json') __recruit_words id title description location industryId jobFunctionId employerTypeId customerId departmentId hiringManagerId jobType educationLevel salaryInterval salaryMin salaryMax currency experience qualifications skills optionalSkills jobCode publishToCareerPage publishToFreeJobBoards status statusLabel approvalStatus approvalStatusLabel createdAt updatedAt ;;
    'lookup|--industry'|'jobs create|--industry'|'jobs list|--industry'|'jobs update|--industry') __recruit_cache industries ;;
    'lookup|--output'|'jobs create|--description-file'|'jobs create|--file'|'jobs create|--output'|'jobs get|--output'|'jobs list|--output'|'jobs update|--description-file'|'jobs update|--file'|'jobs apply|--file'|'api|--input'|'sandbox serve|--state') __recruit_files=1 ;;
    'jobs create|--job-function'|'jobs list|--job-function'|'jobs update|--job-function') __recruit_cache functions ;;
    'jobs create|--employer-type'|'jobs update|--employer-type') __recruit_cache employer-types ;;
    'jobs create|--customer'|'jobs list|--customer'|'jobs update|--customer') __recruit_cache customers ;;
    'jobs create|--department'|'jobs list|--department'|'jobs update|--department') __recruit_cache departments ;;
    'jobs create|--hiring-manager'|'jobs list|--hiring-manager'|'jobs update|--hiring-manager') __recruit_cache hiring-managers ;;
    'jobs create|--job-type'|'jobs update|--job-type') __recruit_cache job-types ;;
    'jobs create|--education-level'|'jobs update|--education-level') __recruit_cache education-levels ;;
    'jobs create|--salary-interval'|'jobs update|--salary-interval') __recruit_cache salary-intervals ;;
    'jobs create|--format'|'jobs apply|--format') __recruit_words csv json xlsx ;;
    'jobs create|--from') __recruit_cache jobs ;;
    'jobs list|-s'|'jobs list|--status') __recruit_cache statuses ;;
    'jobs wait|--until') __recruit_words approved active ;;
  esac
}

# The values of argument $2 (from 0) of command path $1.
__recruit_argument_values() {
  case "$1|$2" in
    'lookup|0') __recruit_words job-options industries functions employer-types customers departments hiring-managers users ;;
    'jobs get|0'|'jobs status|0'|'jobs update|0'|'jobs edit|0'|'jobs wait|0'|'sandbox approve|0'|'sandbox reject|0') __recruit_cache jobs ;;
    'jobs status|1'|'jobs status|2') __recruit_cache settable-statuses ;;
    'jobs help|0') __recruit_words create pending drafts get list status update apply edit wait ;;
    'auth help|0') __recruit_words login status logout token ;;
    'config get|0'|'config set|0') __recruit_words profile base-url account-type concurrency active-job-limit proxy no-proxy ca-file encoding ;;
    'config help|0') __recruit_words list get set ;;
    'sandbox help|0') __recruit_words serve tokens approve reject reset ;;
    'completion|0') __recruit_words bash zsh fish ;;
  esac
}

__recruit_has() {
  local word=$1 each
  shift
  for each; do [[ $each == "$word" ]] && return 0; done
  return 1
}

__recruit_words() {
  __recruit_v+=("$@")
}

# Entries of <state dir>/completion/$1.tsv unless it has expired; the state directory as recruit
# finds it: RECRUIT_STATE_DIR, else $XDG_STATE_HOME/recruit, else ~/.local/state/recruit.
__recruit_cache() {
  local dir=${RECRUIT_STATE_DIR:-} line value desc now
  [[ -n $dir ]] || { [[ -n ${XDG_STATE_HOME:-} ]] && dir=$XDG_STATE_HOME/recruit; } || dir=$HOME/.local/state/recruit
  local file=$dir/completion/$1.tsv
  [[ -r $file ]] || return 0
  {
    IFS= read -r line || return 0
    line=${line#'#expires='}
    now=${EPOCHSECONDS:-$(date +%s)}
    [[ $line =~ ^[0-9]+$ ]] && (( line > now )) || return 0
    while IFS=$'\t' read -r value desc; do
      # Quoted as typed ("Information\ Technology"): bash inserts a reply as it is.
      [[ $value == *[^A-Za-z0-9_.+-]* ]] && printf -v value '%q' "$value"
      [[ -n $value ]] && __recruit_v+=("$value") && __recruit_d+=("$desc")
    done
  } < "$file"
}

# COMPREPLY from the values that start with $1, each after prefix $2. With more than one match, the
# descriptions are shown beside the values; a single match is inserted alone.
__recruit_reply() {
  local cur=$1 prefix=$2 i width=0 room
  local -a values=() descs=()
  for i in "${!__recruit_v[@]}"; do
    [[ ${__recruit_v[i]} == "$cur"* ]] || continue
    values+=("${__recruit_v[i]}") descs+=("${__recruit_d[i]-}")
  done
  if (( ${#values[@]} > 1 )); then
    for i in "${!values[@]}"; do (( ${#values[i]} > width )) && width=${#values[i]}; done
    room=$(( ${COLUMNS:-80} - width - 6 )) && (( room < 20 )) && room=20
    for i in "${!values[@]}"; do
      (( ${#descs[i]} > room )) && descs[i]=${descs[i]:0:room-3}...
      [[ -n ${descs[i]} ]] && printf -v 'values[i]' '%-*s  (%s)' "$width" "${values[i]}" "${descs[i]}"
    done
  fi
  COMPREPLY=("${values[@]/#/$prefix}")
}

_recruit() {
  local cur=${2-} i word path= npos=0 want= ddash= option= prefix= cword=$COMP_CWORD
  local -a __recruit_subs __recruit_subd __recruit_opts __recruit_vopts __recruit_v=() __recruit_d=()
  local __recruit_nargs __recruit_variadic __recruit_files=
  COMPREPLY=()
  for ((i = 1; i < cword; i++)); do
    word=${COMP_WORDS[i]}
    # bash splits --option=value into "--option" "=" "value": the value is no argument.
    if [[ $word == = ]]; then want= i=$((i + 1)); continue; fi
    if [[ -n $want ]]; then want=; continue; fi
    __recruit_spec "$path"
    if [[ -z $ddash && $word == -?* ]]; then
      if [[ $word == -- ]]; then ddash=1; elif __recruit_has "$word" "${__recruit_vopts[@]}"; then want=1; fi
    elif (( npos == 0 )) && __recruit_has "$word" "${__recruit_subs[@]}"; then
      path=${path:+$path }$word
    else
      npos=$((npos + 1))
    fi
  done
  __recruit_spec "$path"

  if [[ ${COMP_WORDS[cword]-} == = ]]; then
    option=${COMP_WORDS[cword-1]} cur=
  elif [[ ${COMP_WORDS[cword-1]-} == = ]]; then
    option=${COMP_WORDS[cword-2]}
  elif [[ -n $want ]]; then
    option=${COMP_WORDS[cword-1]}
  elif [[ -z $ddash && $cur == --*=* ]]; then
    option=${cur%%=*} prefix=${cur%%=*}= cur=${cur#*=}
  fi

  if [[ -n $option ]]; then
    __recruit_option_values "$path" "$option"
  elif [[ -z $ddash && $cur == -* ]]; then
    __recruit_words "${__recruit_opts[@]}"
  elif (( npos == 0 && ${#__recruit_subs[@]} > 0 )); then
    __recruit_words "${__recruit_subs[@]}"
    __recruit_d=("${__recruit_subd[@]}")
  elif (( npos < __recruit_nargs )); then
    __recruit_argument_values "$path" "$npos"
  elif [[ -n $__recruit_variadic ]]; then
    __recruit_argument_values "$path" "$((__recruit_nargs - 1))"
  else
    # Nothing left to give but options.
    __recruit_words "${__recruit_opts[@]}"
  fi

  if [[ -n $__recruit_files ]]; then
    compopt -o filenames 2>/dev/null
    mapfile -t COMPREPLY < <(compgen -f -- "$cur")
    return 0
  fi
  __recruit_reply "$cur" "$prefix"
}

complete -F _recruit recruit
