import type { TemplateChannel } from './notification-template.entity.js';

const NAME = "The user's name";
const EMAIL = "The user's e-mail address";
const MINUTES = 'How many minutes the link works (30)';
const STANDS_ALONE =
  "The single-use token is inside it, so it goes in the body only and stands alone: whitespace or the text's edge on both sides.";

/**
 * The templates the service renders, by key, with the `{{placeholder}}` fields each one is given.
 * A template can only be created for a key listed here (any other key answers 400), and a subject or
 * body using a placeholder its key does not supply answers 400 at create, update and publish.
 * There is no `{{token}}`: a credential reaches a mail only inside `link`, an address the service
 * builds from APP_BASE_URL and `link.path`, so no template text can send it anywhere else.
 */
export const TEMPLATE_CATALOGUE = {
  password_reset: {
    description: 'The password reset mail, sent after POST /auth/forgot-password',
    placeholders: {
      name: NAME,
      email: EMAIL,
      resetUrl: `The address of the reset page, APP_BASE_URL/reset-password?token=... ${STANDS_ALONE}`,
      expiresInMinutes: MINUTES,
    },
    link: { placeholder: 'resetUrl', path: 'reset-password' },
  },
  set_password: {
    description: 'The mail to a user created without a password, to choose their first one',
    placeholders: {
      name: NAME,
      email: EMAIL,
      setPasswordUrl: `The address of the page that sets the first password, APP_BASE_URL/set-password?token=... ${STANDS_ALONE}`,
      expiresInMinutes: MINUTES,
    },
    link: { placeholder: 'setPasswordUrl', path: 'set-password' },
  },
  premium_overdue: {
    description:
      "The reminder to a policy's holder when a premium instalment is overdue, sent once per instalment (no link: it carries no credential)",
    placeholders: {
      holderName: "The policy holder's name",
      policyNumber: 'The policy number, e.g. POL-2026-000042',
      dueOn: 'The day the instalment was due (YYYY-MM-DD)',
      amountDue: 'What is still due on the instalment, e.g. KES 1000.00',
      lapsesAfter: 'The last day of the grace period (YYYY-MM-DD): unpaid after it, the policy lapses',
    },
  },
} as const satisfies Record<
  string,
  {
    description: string;
    /** Each placeholder's name and what it is filled with. */
    placeholders: Record<string, string>;
    /** The placeholder carrying the credential, and the page of the web application it opens (mails that carry one). */
    link?: { placeholder: string; path: string };
  }
>;

export type TemplateKey = keyof typeof TEMPLATE_CATALOGUE;
export const TEMPLATE_KEYS = Object.keys(TEMPLATE_CATALOGUE) as TemplateKey[];

/** The catalogue as GET /notification-templates/placeholders serves it. */
export const templatePlaceholders = () =>
  TEMPLATE_KEYS.map((key) => ({
    key,
    description: TEMPLATE_CATALOGUE[key].description,
    placeholders: Object.entries(TEMPLATE_CATALOGUE[key].placeholders).map(([name, description]) => ({
      name,
      description,
    })),
  }));

const PLACEHOLDER = /\{\{([^{}]*)\}\}/g;

/** Each `{{placeholder}}` of a text: its name (`{{ name }}` and `{{name}}` alike) and where it stands. */
export const placeholderUses = (text: string) =>
  [...text.matchAll(PLACEHOLDER)].map((m) => ({ name: m[1].trim(), start: m.index, end: m.index + m[0].length }));

/** The placeholder names a text uses, in order of first use. */
export const placeholdersIn = (text: string): string[] => [...new Set(placeholderUses(text).map((u) => u.name))];

/** The text with each known placeholder replaced by its value (unknown ones are left as written). */
export const fillPlaceholders = (text: string, values: Record<string, string | number>): string =>
  text.replace(PLACEHOLDER, (whole, name: string) => {
    const key = name.trim();
    return Object.hasOwn(values, key) ? String(values[key]) : whole;
  });

/** The fields a template of this channel has: email has a subject, sms does not. */
export const channelHasSubject = (channel: TemplateChannel) => channel === 'email';
