import { type FieldError, ValidationError } from '../../kernel/errors.js';
import { placeholdersIn, placeholderUses, TEMPLATE_CATALOGUE, type TemplateKey } from './catalogue.js';
import { asReadersSeeIt, foreignLinks } from './template-links.js';

interface TemplateText {
  key: string;
  subject?: string | null;
  body: string;
}

const listed = (names: readonly string[]) => names.map((n) => `{{${n}}}`).join(', ');
const shown = (link: string) => (link.length > 80 ? `${link.slice(0, 77)}...` : link);

/** Whether each use of `name` has whitespace or the text's edge on both sides. */
const standsAlone = (text: string, name: string) =>
  placeholderUses(text)
    .filter((use) => use.name === name)
    .every((use) => /^\s?$/u.test(text.charAt(use.start - 1)) && /^\s?$/u.test(text.charAt(use.end)));

/**
 * What is wrong with a template's subject and body, one entry per field and rule: a placeholder its
 * key does not supply (`{{token}}` included: no key supplies one); the credential's link placeholder
 * in the subject (a subject reaches logs and mail previews) or not standing alone (glued to text it
 * would become part of another address); a link or address leading to a host not in `linkHosts`.
 * The link and standing-alone rules read the text as a reader sees it (see asReadersSeeIt).
 * Named as a create or PATCH body sends them (a bare `body` would read as the whole request body).
 */
export function templateTextProblems(template: TemplateText, linkHosts: readonly string[]): FieldError[] {
  const entry = TEMPLATE_CATALOGUE[template.key as TemplateKey];
  const known = Object.keys(entry?.placeholders ?? {});
  const credential: string | undefined = entry && 'link' in entry ? entry.link.placeholder : undefined;
  const problems: FieldError[] = [];
  for (const field of ['subject', 'body'] as const) {
    const text = template[field] ?? '';
    const problem = (constraint: string, message: string) =>
      problems.push({ field: `body.${field}`, message, constraint });
    const unknown = placeholdersIn(text).filter((name) => !known.includes(name));
    if (unknown.length)
      problem(
        'knownPlaceholders',
        `uses unknown placeholders ${listed(unknown)}; ${template.key} knows ${listed(known)}`,
      );
    if (credential && field === 'subject' && placeholdersIn(text).includes(credential))
      problem(
        'secretPlaceholder',
        `may not use {{${credential}}}: the link carries a credential and goes in the body only`,
      );
    else if (credential && !(standsAlone(text, credential) && standsAlone(asReadersSeeIt(text), credential)))
      problem(
        'standalonePlaceholder',
        `must have whitespace or the text's edge on both sides of {{${credential}}}: the link carries a credential and may not become part of another`,
      );
    const foreign = foreignLinks(text, linkHosts);
    if (foreign.length)
      problem(
        'linkHosts',
        `links to ${foreign.map((f) => (f.host ? `${shown(f.host)} (${shown(f.link)})` : shown(f.link))).join(', ')}; links and addresses in a template may lead only to ${linkHosts.join(', ')}`,
      );
  }
  return problems;
}

/**
 * What a template must have to be sent: the link placeholder of its key in the body. Without it the mail
 * would reach the user with no way in (no reset, no first password); such a draft may be saved while it
 * is written, but not published, and a published one is not used (the built-in text goes instead).
 */
export function missingLinkProblems(template: TemplateText): FieldError[] {
  const entry = TEMPLATE_CATALOGUE[template.key as TemplateKey];
  const credential: string | undefined = entry && 'link' in entry ? entry.link.placeholder : undefined;
  if (!credential || placeholdersIn(template.body).includes(credential)) return [];
  return [
    {
      field: 'body.body',
      message: `must carry {{${credential}}}: without it the mail gives the user no way in`,
      constraint: 'requiredPlaceholder',
    },
  ];
}

/** 400 VALIDATION_ERROR unless the template carries its key's link (see missingLinkProblems). */
export function assertTemplateCarriesLink(template: TemplateText): void {
  const problems = missingLinkProblems(template);
  if (problems.length) throw new ValidationError(problems, 'A published template must carry its link');
}

/** 400 VALIDATION_ERROR with every problem of the template's text (see templateTextProblems). */
export function assertTemplateText(template: TemplateText, linkHosts: readonly string[]): void {
  const problems = templateTextProblems(template, linkHosts);
  if (problems.length) throw new ValidationError(problems, 'The template uses placeholders or links it may not');
}
