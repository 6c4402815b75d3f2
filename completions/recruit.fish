# fish completion for recruit. Generated from the command tree by `recruit completion fish`
# (`npm run completions` in the repository); do not edit by hand.
#
# Install:
#   recruit completion fish > ~/.config/fish/completions/recruit.fish
#
# Ids and names come from <state dir>/completion/*.tsv, written by earlier recruit commands
# (lookup, jobs list, jobs get, job options). Completing never runs recruit and never uses the network.

# The subcommands of command path $argv[1], then the options it takes that need a value.
function __recruit_spec -a path
    set -l subs
    set -l vopts --profile --base-url --sandbox-account --jq --timeout --max-response-size --ca-file
    switch $path
        case 'recruit'
            set subs 'lookup' 'jobs' 'api' 'status' 'mcp' 'auth' 'config' 'sandbox' 'help' 'completion'
        case 'recruit lookup'
            set -a vopts --industry --search --page --page-size --output
        case 'recruit jobs'
            set subs 'create' 'pending' 'drafts' 'get' 'list' 'status' 'update' 'apply' 'edit' 'wait' 'help'
        case 'recruit jobs create'
            set -a vopts --title --description --description-file --location --industry --job-function --employer-type --customer --department --hiring-manager --job-type --education-level --salary-interval --salary-min --salary-max --currency --experience --qualifications --skills --optional-skills --job-code --file --format --delimiter --sheet --encoding --output --concurrency --from
        case 'recruit jobs drafts'
            set -a vopts --discard
        case 'recruit jobs get'
            set -a vopts --output
        case 'recruit jobs list'
            set -a vopts -s --status -q --search -L --limit --page --page-size --customer --hiring-manager --department --industry --job-function --created-since --updated-since --output
        case 'recruit jobs status'
            set -a vopts --concurrency
        case 'recruit jobs update'
            set -a vopts --title --description --description-file --location --industry --job-function --employer-type --customer --department --hiring-manager --job-type --education-level --salary-interval --salary-min --salary-max --currency --experience --qualifications --skills --optional-skills --job-code --set --file --encoding --concurrency
        case 'recruit jobs apply'
            set -a vopts --file --format --delimiter --sheet --encoding --concurrency
        case 'recruit jobs wait'
            set -a vopts --until --interval
        case 'recruit api'
            set -a vopts -X --method -f --field -H --header --input --encoding
        case 'recruit mcp'
            set -a vopts --tools --exclude-tools --toolsets
        case 'recruit auth'
            set subs 'login' 'status' 'logout' 'token' 'help'
        case 'recruit config'
            set subs 'list' 'get' 'set' 'help'
        case 'recruit sandbox'
            set subs 'serve' 'tokens' 'approve' 'reject' 'reset' 'help'
        case 'recruit sandbox serve'
            set -a vopts --host --port --state --active-job-limit --faults --rate-limit
        case 'recruit help'
            set subs 'environment' 'exit-codes' 'formats' 'reference'
        case 'recruit help reference'
            set -a vopts --man
    end
    set -g __recruit_subs $subs
    set -g __recruit_vopts $vopts
end

# The command path of the words before the cursor and how many arguments it has been given, as
# two lines; remembered for the command line it was computed for.
function __recruit_where
    set -l words (commandline -opc)
    set -l memo (string join \n -- $words)
    if test "$memo" = "$__recruit_memo"
        printf '%s\n' $__recruit_found
        return
    end
    set -l path recruit
    set -l npos 0
    set -l want 0
    set -l ddash 0
    __recruit_spec "$path"
    for word in $words[2..-1]
        if test $want = 1
            set want 0
        else if test $ddash = 0; and string match -qr -- '^-.' $word
            if test $word = --
                set ddash 1
            else if contains -- $word $__recruit_vopts
                set want 1
            end
        else if test $npos = 0; and contains -- $word $__recruit_subs
            set path "$path $word"
            __recruit_spec "$path"
        else
            set npos (math $npos + 1)
        end
    end
    set -g __recruit_memo $memo
    set -g __recruit_found $npos $path
    printf '%s\n' $npos $path
end

# The command path is $argv[1] and no argument was given yet: its subcommands are offered.
function __recruit_at -a path
    set -l found (__recruit_where)
    test "$found[2]" = "$path"; and test $found[1] = 0
end

function __recruit_in -a path
    set -l found (__recruit_where)
    test "$found[2]" = "$path"
end

# The word under the cursor is argument $argv[2] (from 0) of command path $argv[1]; "+" after it
# for the last argument of a variadic command.
function __recruit_arg -a path index more
    set -l found (__recruit_where)
    test "$found[2]" = "$path"; or return 1
    test $found[1] = $index; or begin; test "$more" = +; and test $found[1] -gt $index; end
end

# Entries of <state dir>/completion/$argv[1].tsv unless it has expired, as "value<TAB>description"
# lines; the state directory as recruit finds it: RECRUIT_STATE_DIR, else $XDG_STATE_HOME/recruit,
# else ~/.local/state/recruit.
function __recruit_cache -a kind
    set -l dir $RECRUIT_STATE_DIR
    if test -z "$dir"
        if test -n "$XDG_STATE_HOME"
            set dir $XDG_STATE_HOME/recruit
        else
            set dir $HOME/.local/state/recruit
        end
    end
    set -l file $dir/completion/$kind.tsv
    test -r $file; or return 0
    set -l first 1
    while read -l line
        if test $first = 1
            set first 0
            set -l expires (string replace -- '#expires=' '' $line)
            string match -qr '^[0-9]+$' -- $expires; or return 0
            test $expires -gt (date +%s); or return 0
        else if test -n "$line"
            printf '%s\n' $line
        end
    end < $file
end

complete -c recruit -f
complete -c recruit -l profile -x -d 'settings profile to use (env RECRUIT_PROFILE)'
complete -c recruit -l base-url -x -d 'API base URL including /v1 (env RECRUIT_BASE_URL)'
complete -c recruit -l sandbox -d 'use the embedded sandbox instead of a real account'
complete -c recruit -l sandbox-account -x -a 'direct approval staffing' -d 'the account of the embedded sandbox (env RECRUIT_SANDBOX_ACCOUNT; default direct)'
complete -c recruit -l json -d 'JSON on stdout: everything, or only these fields (comma separated; --json= lists them)'
complete -c recruit -l jq -x -d 'filter the JSON output through a jq expression (implies --json; no jq program needed; stopped past 256 MiB or 10 s, more for a larger output)'
complete -c recruit -l no-color -d 'disable colour'
complete -c recruit -l verbose -d 'print each request and response on stderr (token redacted)'
complete -c recruit -s y -l yes -d 'never prompt; fail when input is missing'
complete -c recruit -l insecure-http -d 'allow plain http:// to a host that is not loopback'
complete -c recruit -l timeout -x -d 'give up on an API request after this long, retries and waits included (default 120)'
complete -c recruit -l max-response-size -x -d 'read at most this much of one answer (default 32)'
complete -c recruit -l ca-file -x -d 'trust the CA certificates in this PEM file as well as Node\'s own (env RECRUIT_CA_FILE; a regular file of at most 4 MiB)'
# recruit
complete -c recruit -n '__recruit_at "recruit"' -a 'lookup' -d 'list lookup data; kind: job-options, industries, functions, employer-types, customers, departments, hiring-managers, users'
complete -c recruit -n '__recruit_at "recruit"' -a 'jobs' -d 'create jobs (in a wizard, from flags or from a file), read, list and update them, and change their status'
complete -c recruit -n '__recruit_at "recruit"' -a 'api' -d 'send a raw request to any API path (relative to the base URL) and print the JSON answer'
complete -c recruit -n '__recruit_at "recruit"' -a 'status' -d 'one screen for the account: jobs waiting for approval and for how long, active jobs, jobs changed this week, your drafts and unsettled submissions'
complete -c recruit -n '__recruit_at "recruit"' -a 'mcp' -d 'serve the safe operations of recruit to an AI assistant over the Model Context Protocol (stdio): read tools, and write tools with the same checks, plans and exactly-once keys as the commands'
complete -c recruit -n '__recruit_at "recruit"' -a 'auth' -d 'log in, check and log out'
complete -c recruit -n '__recruit_at "recruit"' -a 'config' -d 'read and change profile settings: base-url, account-type, concurrency'
complete -c recruit -n '__recruit_at "recruit"' -a 'sandbox' -d 'run and control the local emulator of the Recruitment API v1'
complete -c recruit -n '__recruit_at "recruit"' -a 'help' -d 'show the help of a command (`recruit help jobs create`) or a topic: environment, exit-codes, formats'
complete -c recruit -n '__recruit_at "recruit"' -a 'completion' -d 'print the Tab-completion script for a shell: bash, zsh, fish (the same scripts are in completions/)'
complete -c recruit -n '__recruit_in "recruit"' -s V -l version -d 'print the version, the build and the Node.js running it'
complete -c recruit -n '__recruit_in "recruit"' -s h -l help -d 'show help'
# recruit lookup
complete -c recruit -n '__recruit_in "recruit lookup"' -l industry -x -a '(__recruit_cache industries)' -d 'industry (required for functions and employer-types)'
complete -c recruit -n '__recruit_in "recruit lookup"' -l search -x -d 'only items whose name contains this text'
complete -c recruit -n '__recruit_in "recruit lookup"' -l page -x -d 'page number'
complete -c recruit -n '__recruit_in "recruit lookup"' -l page-size -x -d 'items per page (API default 10, at most 100)'
complete -c recruit -n '__recruit_in "recruit lookup"' -l all -d 'follow every page'
complete -c recruit -n '__recruit_in "recruit lookup"' -l refresh -d 'job-options: fetch again instead of using the one-day cache'
complete -c recruit -n '__recruit_in "recruit lookup"' -l csv -d 'CSV with a header row (RFC 4180)'
complete -c recruit -n '__recruit_in "recruit lookup"' -l xlsx -d 'a workbook with a header row, ids as text (to a pipe, or --output)'
complete -c recruit -n '__recruit_in "recruit lookup"' -l output -r -F -d 'write the --csv or --xlsx output to this file instead of stdout'
complete -c recruit -n '__recruit_in "recruit lookup"' -s h -l help -d 'show help'
complete -c recruit -n '__recruit_arg "recruit lookup" 0' -a 'job-options industries functions employer-types customers departments hiring-managers users'
# recruit jobs
complete -c recruit -n '__recruit_at "recruit jobs"' -a 'create' -d 'create jobs: the wizard on a terminal, one job from field flags, a clone of a job (--from), or a batch from a file'
complete -c recruit -n '__recruit_at "recruit jobs"' -a 'pending' -d 'list creations that were persisted but have no final answer yet (resume them with `jobs create --resume`)'
complete -c recruit -n '__recruit_at "recruit jobs"' -a 'drafts' -d 'list the wizard\'s saved drafts: account, title, the step to answer next, when saved (* marks this account\'s)'
complete -c recruit -n '__recruit_at "recruit jobs"' -a 'get' -d 'show one job with its status and approval (and, on a terminal, the names behind its ids and codes)'
complete -c recruit -n '__recruit_at "recruit jobs"' -a 'list' -d 'list jobs, newest first'
complete -c recruit -n '__recruit_at "recruit jobs"' -a 'status' -d 'change the lifecycle status of one job or many (ids, or - for stdin): a code (1, 2, 4, 5) or a label (new, in-progress, ...), given last'
complete -c recruit -n '__recruit_at "recruit jobs"' -a 'update' -d 'change the fields and publication of one job or many (ids, or - for stdin), and report what the service changed or ignored; keeps free-board publication unless told otherwise'
complete -c recruit -n '__recruit_at "recruit jobs"' -a 'apply' -d 'keep the jobs of the account in step with a file, matched by jobCode: a plan (create, update, unchanged; close with --prune), then the changes once confirmed'
complete -c recruit -n '__recruit_at "recruit jobs"' -a 'edit' -d 'open a job\'s fields in your editor ($VISUAL, $EDITOR), then check what you changed, show it and send it once you confirm (--yes without a terminal)'
complete -c recruit -n '__recruit_at "recruit jobs"' -a 'wait' -d 'wait until jobs are approved, active or in a status (ids, or - for stdin); exit 8 if one is rejected, 5 past --timeout'
complete -c recruit -n '__recruit_at "recruit jobs"' -a 'help' -d 'show the help of one of these commands (as <command> --help does)'
complete -c recruit -n '__recruit_in "recruit jobs"' -s h -l help -d 'show help'
# recruit jobs create
complete -c recruit -n '__recruit_in "recruit jobs create"' -l title -x -d 'job title'
complete -c recruit -n '__recruit_in "recruit jobs create"' -l description -x -d 'description, at least 100 words'
complete -c recruit -n '__recruit_in "recruit jobs create"' -l description-file -r -F -d 'read the description from a file (- for stdin)'
complete -c recruit -n '__recruit_in "recruit jobs create"' -l location -x -d 'full location, e.g. "Austin, TX, USA" (also for remote jobs)'
complete -c recruit -n '__recruit_in "recruit jobs create"' -l industry -x -a '(__recruit_cache industries)' -d 'industry of the job function and employer type'
complete -c recruit -n '__recruit_in "recruit jobs create"' -l job-function -x -a '(__recruit_cache functions)' -d 'job function (see `recruit lookup functions`)'
complete -c recruit -n '__recruit_in "recruit jobs create"' -l employer-type -x -a '(__recruit_cache employer-types)' -d 'employer type (see `recruit lookup employer-types`)'
complete -c recruit -n '__recruit_in "recruit jobs create"' -l customer -x -a '(__recruit_cache customers)' -d 'client company; required on staffing accounts'
complete -c recruit -n '__recruit_in "recruit jobs create"' -l department -x -a '(__recruit_cache departments)' -d 'department'
complete -c recruit -n '__recruit_in "recruit jobs create"' -l hiring-manager -x -a '(__recruit_cache hiring-managers)' -d 'hiring manager'
complete -c recruit -n '__recruit_in "recruit jobs create"' -l job-type -x -a '(__recruit_cache job-types)' -d 'job type code from job-options, e.g. FT'
complete -c recruit -n '__recruit_in "recruit jobs create"' -l education-level -x -a '(__recruit_cache education-levels)' -d 'education level code from job-options, e.g. BA'
complete -c recruit -n '__recruit_in "recruit jobs create"' -l salary-interval -x -a '(__recruit_cache salary-intervals)' -d 'salary interval: Hourly, Daily, Weekly, Monthly, Yearly'
complete -c recruit -n '__recruit_in "recruit jobs create"' -l salary-min -x -d 'minimum salary'
complete -c recruit -n '__recruit_in "recruit jobs create"' -l salary-max -x -d 'maximum salary'
complete -c recruit -n '__recruit_in "recruit jobs create"' -l currency -x -d 'ISO 4217 currency, e.g. USD'
complete -c recruit -n '__recruit_in "recruit jobs create"' -l experience -x -d 'years of experience'
complete -c recruit -n '__recruit_in "recruit jobs create"' -l qualifications -x -d 'qualifications'
complete -c recruit -n '__recruit_in "recruit jobs create"' -l skills -x -d 'required skills, comma separated'
complete -c recruit -n '__recruit_in "recruit jobs create"' -l optional-skills -x -d 'good-to-have skills, comma separated'
complete -c recruit -n '__recruit_in "recruit jobs create"' -l job-code -x -d 'job code (generated by the service when omitted)'
complete -c recruit -n '__recruit_in "recruit jobs create"' -l publish-career-page -d 'publish on the career page (refused at creation on accounts that need approval)'
complete -c recruit -n '__recruit_in "recruit jobs create"' -l publish-free-boards -d 'publish on free job boards (refused at creation on accounts that need approval)'
complete -c recruit -n '__recruit_in "recruit jobs create"' -l file -r -F -d 'create every job of a JSON array, JSON object, NDJSON, CSV or workbook (.xlsx) file (- for stdin; see `recruit help formats`)'
complete -c recruit -n '__recruit_in "recruit jobs create"' -l format -x -a 'csv json xlsx' -d 'batch: the file\'s format (default: csv for a *.csv or *.tsv name, xlsx for *.xlsx, else JSON told apart by the content)'
complete -c recruit -n '__recruit_in "recruit jobs create"' -l delimiter -x -d 'batch: the CSV separator, , ; or tab (default: told from the header row; tab for *.tsv)'
complete -c recruit -n '__recruit_in "recruit jobs create"' -l sheet -x -d 'batch: the sheet of a workbook to read, hidden ones too (default: its first visible sheet)'
complete -c recruit -n '__recruit_in "recruit jobs create"' -l encoding -x -d '--file and --description-file: the encoding of the files it reads: auto (the default: told from their bytes), utf-8, windows-1250, shift_jis, ... (any name iconv-lite knows; env RECRUIT_ENCODING, or the profile\'s encoding)'
complete -c recruit -n '__recruit_in "recruit jobs create"' -l csv -d 'batch: the results as CSV (RFC 4180, with a header row)'
complete -c recruit -n '__recruit_in "recruit jobs create"' -l xlsx -d 'batch: the results as a workbook (to a pipe, or --output)'
complete -c recruit -n '__recruit_in "recruit jobs create"' -l output -r -F -d 'batch: write the --csv or --xlsx results to this file instead of stdout'
complete -c recruit -n '__recruit_in "recruit jobs create"' -l concurrency -x -d 'batch: requests in flight at once (default 4, or the profile setting)'
complete -c recruit -n '__recruit_in "recruit jobs create"' -l restart -d 'batch: create the jobs of a file again although an earlier run finished it'
complete -c recruit -n '__recruit_in "recruit jobs create"' -l create-edited -d 'batch: create items edited after an earlier run created them, as new jobs'
complete -c recruit -n '__recruit_in "recruit jobs create"' -l from -x -a '(__recruit_cache jobs)' -d 'start from an existing job\'s fields (not its code or publication); field flags change them'
complete -c recruit -n '__recruit_in "recruit jobs create"' -l dry-run -d 'validate and resolve names, then stop: nothing is sent'
complete -c recruit -n '__recruit_in "recruit jobs create"' -l wait -d 'field flags or --from: once created, wait until the job is approved and active (exit 8 if rejected, 5 past --timeout, default 600 s)'
complete -c recruit -n '__recruit_in "recruit jobs create"' -l resume -d 're-send an unfinished submission with its original key and body (see `jobs pending`)'
complete -c recruit -n '__recruit_in "recruit jobs create"' -s h -l help -d 'show help'
# recruit jobs pending
complete -c recruit -n '__recruit_in "recruit jobs pending"' -s h -l help -d 'show help'
# recruit jobs drafts
complete -c recruit -n '__recruit_in "recruit jobs drafts"' -l discard -x -d 'delete these drafts (ids from the list; asks on a terminal, --yes without one)'
complete -c recruit -n '__recruit_in "recruit jobs drafts"' -s h -l help -d 'show help'
# recruit jobs get
complete -c recruit -n '__recruit_in "recruit jobs get"' -l csv -d 'the job as CSV: a header row and one row, the columns of `jobs list --csv`'
complete -c recruit -n '__recruit_in "recruit jobs get"' -l xlsx -d 'the job as a workbook, the columns of `jobs list --xlsx` (to a pipe, or --output)'
complete -c recruit -n '__recruit_in "recruit jobs get"' -l output -r -F -d 'write the --csv or --xlsx output to this file instead of stdout'
complete -c recruit -n '__recruit_in "recruit jobs get"' -s h -l help -d 'show help'
complete -c recruit -n '__recruit_arg "recruit jobs get" 0' -a '(__recruit_cache jobs)'
# recruit jobs list
complete -c recruit -n '__recruit_in "recruit jobs list"' -s s -l status -x -a '(__recruit_cache statuses)' -d 'only jobs with this status (repeatable, or comma separated)'
complete -c recruit -n '__recruit_in "recruit jobs list"' -s q -l search -x -d 'only jobs whose title or code contains this text'
complete -c recruit -n '__recruit_in "recruit jobs list"' -s L -l limit -x -d 'at most this many jobs, following pages as needed'
complete -c recruit -n '__recruit_in "recruit jobs list"' -l page -x -d 'page number'
complete -c recruit -n '__recruit_in "recruit jobs list"' -l page-size -x -d 'jobs per page (API default 10, at most 100)'
complete -c recruit -n '__recruit_in "recruit jobs list"' -l all -d 'follow every page'
complete -c recruit -n '__recruit_in "recruit jobs list"' -l customer -x -a '(__recruit_cache customers)' -d 'only this customer\'s jobs (repeatable: any of them); read every page and filtered here'
complete -c recruit -n '__recruit_in "recruit jobs list"' -l hiring-manager -x -a '(__recruit_cache hiring-managers)' -d 'only jobs of this hiring manager (repeatable); read every page and filtered here'
complete -c recruit -n '__recruit_in "recruit jobs list"' -l department -x -a '(__recruit_cache departments)' -d 'only jobs of this department (repeatable); read every page and filtered here'
complete -c recruit -n '__recruit_in "recruit jobs list"' -l industry -x -a '(__recruit_cache industries)' -d 'only jobs in this industry (repeatable); read every page and filtered here'
complete -c recruit -n '__recruit_in "recruit jobs list"' -l job-function -x -a '(__recruit_cache functions)' -d 'only jobs of this job function (repeatable; a name in every industry unless one --industry); read every page and filtered here'
complete -c recruit -n '__recruit_in "recruit jobs list"' -l created-since -x -d 'only jobs created since a date (2026-11-01) or within an age (7d, 12h); read every page and filtered here'
complete -c recruit -n '__recruit_in "recruit jobs list"' -l updated-since -x -d 'only jobs changed since a date or within an age; read every page and filtered here'
complete -c recruit -n '__recruit_in "recruit jobs list"' -l wide -d 'add a column for every lookup field (industry, employer type, customer, ...); names on a terminal, ids in a pipe'
complete -c recruit -n '__recruit_in "recruit jobs list"' -l csv -d 'CSV for spreadsheets: a header row of batch-file field names, names for ids, every field of a job (`jobs create --file` reads it back)'
complete -c recruit -n '__recruit_in "recruit jobs list"' -l xlsx -d 'the columns of --csv as a workbook: ids and codes as text, the header row frozen (to a pipe, or --output)'
complete -c recruit -n '__recruit_in "recruit jobs list"' -l output -r -F -d 'write the --csv or --xlsx output to this file instead of stdout (a CSV file made for Excel: UTF-8 with a BOM, codes such as 00042 kept as text)'
complete -c recruit -n '__recruit_in "recruit jobs list"' -s h -l help -d 'show help'
# recruit jobs status
complete -c recruit -n '__recruit_in "recruit jobs status"' -l concurrency -x -d 'several jobs: requests in flight at once (default 4, or the profile setting)'
complete -c recruit -n '__recruit_in "recruit jobs status"' -l dry-run -d 'read the jobs and print what would change: nothing is sent'
complete -c recruit -n '__recruit_in "recruit jobs status"' -s h -l help -d 'show help'
complete -c recruit -n '__recruit_arg "recruit jobs status" 0' -a '(__recruit_cache jobs)'
complete -c recruit -n '__recruit_arg "recruit jobs status" 1' -a '(__recruit_cache settable-statuses)'
complete -c recruit -n '__recruit_arg "recruit jobs status" 2 +' -a '(__recruit_cache settable-statuses)'
# recruit jobs update
complete -c recruit -n '__recruit_in "recruit jobs update"' -l title -x -d 'job title'
complete -c recruit -n '__recruit_in "recruit jobs update"' -l description -x -d 'description, at least 100 words'
complete -c recruit -n '__recruit_in "recruit jobs update"' -l description-file -r -F -d 'read the description from a file (- for stdin)'
complete -c recruit -n '__recruit_in "recruit jobs update"' -l location -x -d 'full location, e.g. "Austin, TX, USA" (also for remote jobs)'
complete -c recruit -n '__recruit_in "recruit jobs update"' -l industry -x -a '(__recruit_cache industries)' -d 'industry of the job function and employer type'
complete -c recruit -n '__recruit_in "recruit jobs update"' -l job-function -x -a '(__recruit_cache functions)' -d 'job function (see `recruit lookup functions`)'
complete -c recruit -n '__recruit_in "recruit jobs update"' -l employer-type -x -a '(__recruit_cache employer-types)' -d 'employer type (see `recruit lookup employer-types`)'
complete -c recruit -n '__recruit_in "recruit jobs update"' -l customer -x -a '(__recruit_cache customers)' -d 'client company; required on staffing accounts'
complete -c recruit -n '__recruit_in "recruit jobs update"' -l department -x -a '(__recruit_cache departments)' -d 'department'
complete -c recruit -n '__recruit_in "recruit jobs update"' -l hiring-manager -x -a '(__recruit_cache hiring-managers)' -d 'hiring manager'
complete -c recruit -n '__recruit_in "recruit jobs update"' -l job-type -x -a '(__recruit_cache job-types)' -d 'job type code from job-options, e.g. FT'
complete -c recruit -n '__recruit_in "recruit jobs update"' -l education-level -x -a '(__recruit_cache education-levels)' -d 'education level code from job-options, e.g. BA'
complete -c recruit -n '__recruit_in "recruit jobs update"' -l salary-interval -x -a '(__recruit_cache salary-intervals)' -d 'salary interval: Hourly, Daily, Weekly, Monthly, Yearly'
complete -c recruit -n '__recruit_in "recruit jobs update"' -l salary-min -x -d 'minimum salary'
complete -c recruit -n '__recruit_in "recruit jobs update"' -l salary-max -x -d 'maximum salary'
complete -c recruit -n '__recruit_in "recruit jobs update"' -l currency -x -d 'ISO 4217 currency, e.g. USD'
complete -c recruit -n '__recruit_in "recruit jobs update"' -l experience -x -d 'years of experience'
complete -c recruit -n '__recruit_in "recruit jobs update"' -l qualifications -x -d 'qualifications'
complete -c recruit -n '__recruit_in "recruit jobs update"' -l skills -x -d 'required skills, comma separated'
complete -c recruit -n '__recruit_in "recruit jobs update"' -l optional-skills -x -d 'good-to-have skills, comma separated'
complete -c recruit -n '__recruit_in "recruit jobs update"' -l job-code -x -d 'job code (generated by the service when omitted)'
complete -c recruit -n '__recruit_in "recruit jobs update"' -l set -x -d 'set any body field (repeatable; value parsed as JSON when it can be)'
complete -c recruit -n '__recruit_in "recruit jobs update"' -l file -r -F -d 'read a JSON patch from a file (- for stdin)'
complete -c recruit -n '__recruit_in "recruit jobs update"' -l encoding -x -d '--file and --description-file: the encoding of the files it reads: auto (the default: told from their bytes), utf-8, windows-1250, shift_jis, ... (any name iconv-lite knows; env RECRUIT_ENCODING, or the profile\'s encoding)'
complete -c recruit -n '__recruit_in "recruit jobs update"' -l publish-career-page -d 'publish on the career page'
complete -c recruit -n '__recruit_in "recruit jobs update"' -l no-publish-career-page -d 'remove from the career page'
complete -c recruit -n '__recruit_in "recruit jobs update"' -l publish-free-boards -d 'publish on free job boards'
complete -c recruit -n '__recruit_in "recruit jobs update"' -l no-publish-free-boards -d 'remove from free job boards'
complete -c recruit -n '__recruit_in "recruit jobs update"' -l concurrency -x -d 'several jobs: requests in flight at once (default 4, or the profile setting)'
complete -c recruit -n '__recruit_in "recruit jobs update"' -l dry-run -d 'read the jobs, check the update against each and print what would change: nothing is sent'
complete -c recruit -n '__recruit_in "recruit jobs update"' -s h -l help -d 'show help'
complete -c recruit -n '__recruit_arg "recruit jobs update" 0 +' -a '(__recruit_cache jobs)'
# recruit jobs apply
complete -c recruit -n '__recruit_in "recruit jobs apply"' -l file -r -F -d 'the jobs as they should be: JSON array, JSON object, NDJSON, CSV or workbook (.xlsx) (- for stdin; every item needs a jobCode)'
complete -c recruit -n '__recruit_in "recruit jobs apply"' -l format -x -a 'csv json xlsx' -d 'the file\'s format (default: csv for a *.csv or *.tsv name, xlsx for *.xlsx, else JSON told apart by the content)'
complete -c recruit -n '__recruit_in "recruit jobs apply"' -l delimiter -x -d 'the CSV separator, , ; or tab (default: told from the header row; tab for *.tsv)'
complete -c recruit -n '__recruit_in "recruit jobs apply"' -l sheet -x -d 'the sheet of a workbook to read, hidden ones too (default: its first visible sheet)'
complete -c recruit -n '__recruit_in "recruit jobs apply"' -l encoding -x -d 'the encoding of the files it reads: auto (the default: told from their bytes), utf-8, windows-1250, shift_jis, ... (any name iconv-lite knows; env RECRUIT_ENCODING, or the profile\'s encoding)'
complete -c recruit -n '__recruit_in "recruit jobs apply"' -l prune -d 'also close (status 1) the New and In Progress jobs whose code is not in the file'
complete -c recruit -n '__recruit_in "recruit jobs apply"' -l dry-run -d 'print the plan and stop: nothing is sent'
complete -c recruit -n '__recruit_in "recruit jobs apply"' -l concurrency -x -d 'requests in flight at once (default 4, or the profile setting)'
complete -c recruit -n '__recruit_in "recruit jobs apply"' -s h -l help -d 'show help'
# recruit jobs edit
complete -c recruit -n '__recruit_in "recruit jobs edit"' -s h -l help -d 'show help'
complete -c recruit -n '__recruit_arg "recruit jobs edit" 0' -a '(__recruit_cache jobs)'
# recruit jobs wait
complete -c recruit -n '__recruit_in "recruit jobs wait"' -l until -x -a 'approved active' -d 'what to wait for: approved, active (In Progress), or a status code or label'
complete -c recruit -n '__recruit_in "recruit jobs wait"' -l interval -x -d 'seconds before the second look (default 5); each later pause is 1.5 times longer, up to 30 s'
complete -c recruit -n '__recruit_in "recruit jobs wait"' -s h -l help -d 'show help'
complete -c recruit -n '__recruit_arg "recruit jobs wait" 0 +' -a '(__recruit_cache jobs)'
# recruit jobs help
complete -c recruit -n '__recruit_arg "recruit jobs help" 0' -a 'create pending drafts get list status update apply edit wait'
# recruit api
complete -c recruit -n '__recruit_in "recruit api"' -s X -l method -x -d 'HTTP method (default GET, or POST with fields or input)'
complete -c recruit -n '__recruit_in "recruit api"' -s f -l field -x -d 'body field (query parameter for GET); numbers, true/false/null, @file (repeatable)'
complete -c recruit -n '__recruit_in "recruit api"' -s H -l header -x -d 'extra request header (repeatable)'
complete -c recruit -n '__recruit_in "recruit api"' -l input -r -F -d 'request body from a file (- for stdin)'
complete -c recruit -n '__recruit_in "recruit api"' -l encoding -x -d '--input and @file fields: the encoding of the files it reads: auto (the default: told from their bytes), utf-8, windows-1250, shift_jis, ... (any name iconv-lite knows; env RECRUIT_ENCODING, or the profile\'s encoding)'
complete -c recruit -n '__recruit_in "recruit api"' -l paginate -d 'follow every page and print all items as one array'
complete -c recruit -n '__recruit_in "recruit api"' -s h -l help -d 'show help'
# recruit status
complete -c recruit -n '__recruit_in "recruit status"' -s h -l help -d 'show help'
# recruit mcp
complete -c recruit -n '__recruit_in "recruit mcp"' -l read-only -d 'offer only the tools that change nothing'
complete -c recruit -n '__recruit_in "recruit mcp"' -l tools -x -d 'offer only these tools (comma separated; repeatable)'
complete -c recruit -n '__recruit_in "recruit mcp"' -l exclude-tools -x -d 'never offer these tools (comma separated; repeatable)'
complete -c recruit -n '__recruit_in "recruit mcp"' -l toolsets -x -d 'offer only the tools of these sets: jobs, lookups, account, batches (comma separated; repeatable)'
complete -c recruit -n '__recruit_in "recruit mcp"' -s h -l help -d 'show help'
# recruit auth
complete -c recruit -n '__recruit_at "recruit auth"' -a 'login' -d 'save a base URL and token to the profile after checking that they work'
complete -c recruit -n '__recruit_at "recruit auth"' -a 'status' -d 'show every profile (the current one first; --profile for one): base URL, account, where the token comes from and whether it works (never the token)'
complete -c recruit -n '__recruit_at "recruit auth"' -a 'logout' -d 'remove the profile\'s token'
complete -c recruit -n '__recruit_at "recruit auth"' -a 'token' -d 'print the token in effect, for scripts that call the API themselves (stdout only)'
complete -c recruit -n '__recruit_at "recruit auth"' -a 'help' -d 'show the help of one of these commands (as <command> --help does)'
complete -c recruit -n '__recruit_in "recruit auth"' -s h -l help -d 'show help'
# recruit auth login
complete -c recruit -n '__recruit_in "recruit auth login"' -l with-token -d 'read the token from stdin instead of prompting'
complete -c recruit -n '__recruit_in "recruit auth login"' -l insecure-storage -d 'keep the token in the config file (readable only by you) instead of the OS keyring'
complete -c recruit -n '__recruit_in "recruit auth login"' -s h -l help -d 'show help'
# recruit auth status
complete -c recruit -n '__recruit_in "recruit auth status"' -s h -l help -d 'show help'
# recruit auth logout
complete -c recruit -n '__recruit_in "recruit auth logout"' -s h -l help -d 'show help'
# recruit auth token
complete -c recruit -n '__recruit_in "recruit auth token"' -s h -l help -d 'show help'
# recruit auth help
complete -c recruit -n '__recruit_arg "recruit auth help" 0' -a 'login status logout token'
# recruit config
complete -c recruit -n '__recruit_at "recruit config"' -a 'list' -d 'show the settings in effect and where each comes from'
complete -c recruit -n '__recruit_at "recruit config"' -a 'get' -d 'print one setting: base-url, account-type, concurrency, profile'
complete -c recruit -n '__recruit_at "recruit config"' -a 'set' -d 'save a setting in the profile: base-url, account-type (direct|staffing|auto), concurrency, active-job-limit, proxy, no-proxy, ca-file, encoding'
complete -c recruit -n '__recruit_at "recruit config"' -a 'help' -d 'show the help of one of these commands (as <command> --help does)'
complete -c recruit -n '__recruit_in "recruit config"' -s h -l help -d 'show help'
# recruit config list
complete -c recruit -n '__recruit_in "recruit config list"' -s h -l help -d 'show help'
# recruit config get
complete -c recruit -n '__recruit_in "recruit config get"' -s h -l help -d 'show help'
complete -c recruit -n '__recruit_arg "recruit config get" 0' -a 'profile base-url account-type concurrency active-job-limit proxy no-proxy ca-file encoding'
# recruit config set
complete -c recruit -n '__recruit_in "recruit config set"' -s h -l help -d 'show help'
complete -c recruit -n '__recruit_arg "recruit config set" 0' -a 'profile base-url account-type concurrency active-job-limit proxy no-proxy ca-file encoding'
# recruit config help
complete -c recruit -n '__recruit_arg "recruit config help" 0' -a 'list get set'
# recruit sandbox
complete -c recruit -n '__recruit_at "recruit sandbox"' -a 'serve' -d 'serve the sandbox API over HTTP until interrupted'
complete -c recruit -n '__recruit_at "recruit sandbox"' -a 'tokens' -d 'list the sandbox bearer tokens: one per account and permission set'
complete -c recruit -n '__recruit_at "recruit sandbox"' -a 'approve' -d 'approve a job pending approval, which activates it (the active-job limit applies); in the sandbox the base URL or profile points at, else (or with --sandbox) in the embedded one'
complete -c recruit -n '__recruit_at "recruit sandbox"' -a 'reject' -d 'reject a job pending approval; in the sandbox the base URL or profile points at, else (or with --sandbox) in the embedded one'
complete -c recruit -n '__recruit_at "recruit sandbox"' -a 'reset' -d 'restore the seeded state (no idempotency keys, no faults); the embedded sandbox also loses what recruit kept of its accounts'
complete -c recruit -n '__recruit_at "recruit sandbox"' -a 'help' -d 'show the help of one of these commands (as <command> --help does)'
complete -c recruit -n '__recruit_in "recruit sandbox"' -s h -l help -d 'show help'
# recruit sandbox serve
complete -c recruit -n '__recruit_in "recruit sandbox serve"' -l host -x -d 'interface to listen on'
complete -c recruit -n '__recruit_in "recruit sandbox serve"' -l port -x -d 'port to listen on (0 picks a free one)'
complete -c recruit -n '__recruit_in "recruit sandbox serve"' -l state -r -F -d 'keep jobs in this file across restarts (default: in memory)'
complete -c recruit -n '__recruit_in "recruit sandbox serve"' -l active-job-limit -x -d 'active jobs allowed per account'
complete -c recruit -n '__recruit_in "recruit sandbox serve"' -l faults -x -d 'inject faults, e.g. "503=0.1,429=0.1,reset=0.05,latency=0-30"'
complete -c recruit -n '__recruit_in "recruit sandbox serve"' -l rate-limit -x -d 'limit each token to <n>/s or <n>/min, optionally ,burst=<n> (429 with Retry-After beyond it)'
complete -c recruit -n '__recruit_in "recruit sandbox serve"' -s h -l help -d 'show help'
# recruit sandbox tokens
complete -c recruit -n '__recruit_in "recruit sandbox tokens"' -s h -l help -d 'show help'
# recruit sandbox approve
complete -c recruit -n '__recruit_in "recruit sandbox approve"' -s h -l help -d 'show help'
complete -c recruit -n '__recruit_arg "recruit sandbox approve" 0' -a '(__recruit_cache jobs)'
# recruit sandbox reject
complete -c recruit -n '__recruit_in "recruit sandbox reject"' -s h -l help -d 'show help'
complete -c recruit -n '__recruit_arg "recruit sandbox reject" 0' -a '(__recruit_cache jobs)'
# recruit sandbox reset
complete -c recruit -n '__recruit_in "recruit sandbox reset"' -s h -l help -d 'show help'
# recruit sandbox help
complete -c recruit -n '__recruit_arg "recruit sandbox help" 0' -a 'serve tokens approve reject reset'
# recruit help
complete -c recruit -n '__recruit_at "recruit help"' -a 'environment' -d 'the environment variables recruit reads'
complete -c recruit -n '__recruit_at "recruit help"' -a 'exit-codes' -d 'what each exit code means'
complete -c recruit -n '__recruit_at "recruit help"' -a 'formats' -d 'the batch file of `jobs create --file`: formats and fields'
complete -c recruit -n '__recruit_at "recruit help"' -a 'reference' -d 'every command and its options in one markdown page; --man <dir> writes man pages'
complete -c recruit -n '__recruit_in "recruit help"' -s h -l help -d 'show help'
# recruit help environment
complete -c recruit -n '__recruit_in "recruit help environment"' -s h -l help -d 'show help'
# recruit help exit-codes
complete -c recruit -n '__recruit_in "recruit help exit-codes"' -s h -l help -d 'show help'
# recruit help formats
complete -c recruit -n '__recruit_in "recruit help formats"' -s h -l help -d 'show help'
# recruit help reference
complete -c recruit -n '__recruit_in "recruit help reference"' -l man -x -d 'write one man page per command into <dir>/man1 instead'
complete -c recruit -n '__recruit_in "recruit help reference"' -s h -l help -d 'show help'
# recruit completion
complete -c recruit -n '__recruit_in "recruit completion"' -s h -l help -d 'show help'
complete -c recruit -n '__recruit_arg "recruit completion" 0' -a 'bash zsh fish'
