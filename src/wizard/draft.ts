// The wizard's draft: the answers so far, rewritten atomically after every answered step, so that
// Ctrl-C, a crash or "save draft and quit" never loses typing.
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { writeFileAtomic } from '../cli/atomic-file.js';
import { stateDir } from '../cli/paths.js';
import type { Answers } from './answers.js';

export interface Draft {
  version: 1;
  savedAt: string;
  answers: Answers;
  /** Fields from flags that the wizard sends without asking. */
  extra?: Record<string, unknown>;
}

export class DraftStore {
  readonly file: string;

  constructor(env: NodeJS.ProcessEnv) {
    this.file = join(stateDir(env), 'drafts', 'wizard.json');
  }

  /** The saved draft, or undefined when there is none or it cannot be read. */
  load(): Draft | undefined {
    if (!existsSync(this.file)) return undefined;
    try {
      const draft = JSON.parse(readFileSync(this.file, 'utf8')) as Draft;
      return draft && draft.version === 1 && typeof draft.answers === 'object' && draft.answers !== null ? draft : undefined;
    } catch {
      return undefined;
    }
  }

  save(answers: Answers, extra: Record<string, unknown>, now: Date): void {
    const draft: Draft = { version: 1, savedAt: now.toISOString(), answers, ...(Object.keys(extra).length ? { extra } : {}) };
    writeFileAtomic(this.file, `${JSON.stringify(draft, null, 2)}\n`);
  }

  remove(): void {
    rmSync(this.file, { force: true });
  }
}
