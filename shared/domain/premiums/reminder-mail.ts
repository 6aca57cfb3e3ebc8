import type { ServiceDeps } from '../../kernel/deps.js';
import type { Money } from '../../kernel/money.js';
import {
  fillPlaceholders,
  mailLinkHosts,
  publishedTemplate,
  templateTextProblems,
} from '../notification-templates/index.js';

/** The holders' locale: a policy holder is not a user and has none of their own. */
const HOLDER_LOCALE = 'en';

export interface OverdueFacts {
  holderName: string;
  policyNumber: string;
  dueOn: string;
  amountDue: Money;
  lapsesAfter: string;
}

/** An amount as a reader sees it: the currency, then the major units with two decimals (KES 1234.50). */
export const shownAmount = ({ amountMinor, currency }: Money): string =>
  `${currency} ${Math.floor(amountMinor / 100)}.${String(amountMinor % 100).padStart(2, '0')}`;

function builtIn(f: OverdueFacts) {
  return {
    subject: `Premium overdue on policy ${f.policyNumber}`,
    text: `Hello ${f.holderName},\n\nThe premium instalment of policy ${f.policyNumber} due on ${f.dueOn} is unpaid: ${shownAmount(f.amountDue)} is still due.\n\nIf it is not paid by ${f.lapsesAfter}, the policy lapses and no longer covers you. If you have paid it already, ignore this mail.\n`,
  };
}

/**
 * The reminder's subject and text: the published `premium_overdue` email template, else the built-in
 * text. A published template is checked again as at publish (placeholders of its key, links to the
 * allowed hosts only); one that breaks today's rules is not used and the built-in text goes instead.
 */
export async function renderOverdueMail(
  deps: ServiceDeps,
  facts: OverdueFacts,
): Promise<{ subject: string; text: string; templateId: string | null }> {
  const template = await publishedTemplate(deps.orm.em.fork(), 'premium_overdue', 'email', HOLDER_LOCALE);
  if (!template) return { ...builtIn(facts), templateId: null };
  const problems = templateTextProblems({ key: 'premium_overdue', ...template }, mailLinkHosts(deps.config));
  if (problems.length) {
    deps.log.warn(
      { templateId: template.id, problems: problems.map((p) => `${p.field}: ${p.constraint}`) },
      'published notification template refused: the built-in text is sent instead',
    );
    return { ...builtIn(facts), templateId: null };
  }
  const values = { ...facts, amountDue: shownAmount(facts.amountDue) };
  return {
    subject: fillPlaceholders(template.subject ?? '', values),
    text: fillPlaceholders(template.body, values),
    templateId: template.id,
  };
}
