// Publication on the career page and on free job boards, with the caveat of docs/api-rules.md for approval accounts.
import { BACK, backChoice, type Back } from '../../prompts/back.js';
import type { Choice } from '../../prompts/prompter.js';
import type { Step } from '../session.js';

export const PUBLICATION_CAVEAT =
  'an account that needs approval refuses publication at creation (409); you can publish once the job is approved and active';

const CAVEAT_NOTE = `Note: ${PUBLICATION_CAVEAT}.`;

/**
 * The caveat where approval may apply: not on the embedded sandbox's accounts without approval
 * (direct, staffing). A real account does not say whether it needs approval (docs/decisions.md).
 */
function caveatFor(sandboxAccount: string | undefined): string | undefined {
  return sandboxAccount === undefined || sandboxAccount === 'approval' ? CAVEAT_NOTE : undefined;
}

function publicationStep(field: 'publishToCareerPage' | 'publishToFreeJobBoards', label: string, question: string): Step {
  return {
    id: field,
    label,
    keys: [field],
    fields: [field],
    async ask(session, step) {
      const note = caveatFor(session.ctx.sandboxAccount());
      const choices: Choice<boolean | Back>[] = [
        ...(step.canGoBack ? [backChoice()] : []),
        { name: 'No', value: false, ...(note ? { description: note } : {}) },
        { name: 'Yes', value: true, ...(note ? { description: note } : {}) },
      ];
      const answer = await session.prompter.select({
        message: question,
        choices,
        default: session.answers[field] ?? false,
      });
      if (answer === BACK) return BACK;
      return { [field]: answer };
    },
    show: (a) => (a[field] ? 'yes' : 'no'),
  };
}

export const careerPageStep = publicationStep('publishToCareerPage', 'Career page', 'Publish on the career page?');
export const freeBoardsStep = publicationStep('publishToFreeJobBoards', 'Free job boards', 'Publish on free job boards?');
