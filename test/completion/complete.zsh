# Prints what Tab offers in zsh for a command line, one "match" or "match -- description" per line.
# Usage: zsh -f complete.zsh <directory holding _recruit> <command line> <compinit's dump file>
# The dump (made by the first run, read by the next ones) spares each run compinit's scan of every
# completion function, most of its time.
# zsh completes only inside the line editor, so this drives an interactive `zsh -f -i` through a
# pseudo-terminal (zpty) and records every match the completion functions add (compadd is wrapped).
zmodload zsh/zpty || exit 3
setopt rcquotes

local setup=$(mktemp)
cat > $setup <<SETUP
PROMPT=''
stty columns 400 2>/dev/null; COLUMNS=400
fpath=(${(q)1} \$fpath)
autoload -Uz compinit && compinit -u -d ${(q)3}
bindkey '^I' complete-word
zstyle ':completion:*' list-grouped false
zstyle ':completion:*' insert-tab false
__capture_done() { print -r -- '<<DONE>>'; exit }
comppostfuncs=(__capture_done)
compadd() {
  # calls that only collect matches into arrays pass through
  if [[ \${@[1,(i)(-|--)]} == *-(O|A|D)\ * ]]; then builtin compadd "\$@"; return \$?; fi
  local -a __hits __dscr
  if (( \$@[(I)-d] )); then
    local __d=\${@[\$[\${@[(i)-d]}+1]]}
    if [[ \$__d == \(* ]]; then eval "__dscr=\$__d"; else __dscr=("\${(@P)__d}"); fi
  fi
  builtin compadd -A __hits -D __dscr "\$@"
  (( \$#__hits )) || return 1
  local i d
  for i in {1..\$#__hits}; do
    d=\${\${__dscr[i]}##\$__hits[i] #}
    d=\${d##-- }
    print -r -- "<<MATCH>>\$__hits[i]\${d:+ -- \$d}"
  done
}
print -r -- '<<READY>>'
SETUP

zpty z zsh -f -i
zpty -w z "source ${(q)setup}"
local line out
integer ready=0
while zpty -r z line; do
  [[ $line == *'<<READY>>'* && $line != *source* ]] && { ready=1; break }
done
(( ready )) || exit 4
zpty -w -n z "$2"$'\t'
while zpty -r z line; do
  line=${line//[$'\r\n']/}
  [[ $line == *'<<DONE>>'* && $line != *print* ]] && break
  [[ $line == *'<<MATCH>>'* ]] && print -r -- ${line#*'<<MATCH>>'}
done
zpty -d z
rm -f $setup
