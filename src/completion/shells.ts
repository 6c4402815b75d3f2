// The shells `recruit completion <shell>` writes a script for, and how to install each script: shown
// in the script's header and in `recruit completion --help`. Data only: program.ts imports it.
export const SHELLS = ['bash', 'zsh', 'fish'] as const;
export type Shell = (typeof SHELLS)[number];

export interface InstallStep {
  command: string;
  note?: string;
}

export const INSTALL: Record<Shell, InstallStep[]> = {
  bash: [
    { command: 'mkdir -p ~/.local/share/bash-completion/completions' },
    { command: 'recruit completion bash > ~/.local/share/bash-completion/completions/recruit', note: 'with the bash-completion package' },
    { command: "echo 'source <(recruit completion bash)' >> ~/.bashrc", note: 'or, without it' },
  ],
  zsh: [
    { command: 'mkdir -p ~/.zfunc' },
    { command: 'recruit completion zsh > ~/.zfunc/_recruit', note: 'then fpath=(~/.zfunc $fpath) in ~/.zshrc, before compinit' },
  ],
  fish: [{ command: 'recruit completion fish > ~/.config/fish/completions/recruit.fish' }],
};

export function installLines(shell: Shell): string[] {
  return INSTALL[shell].map(({ command, note }) => (note ? `${command}   # ${note}` : command));
}

/** Example lines for the help: every shell's install steps. */
export function installExamples(): string[] {
  return SHELLS.flatMap(installLines);
}
