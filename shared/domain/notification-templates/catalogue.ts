import type { TemplateChannel } from './notification-template.entity.js';

/**
 * The templates the service renders, by key, with the `{{placeholder}}` fields each one is given.
 * A template can only be created for a key listed here (any other key answers 400), and publishing
 * rejects a subject or body using a placeholder its key does not supply.
 */
export const TEMPLATE_CATALOGUE = {
  password_reset: {
    description: 'The mail with a password reset token, sent after POST /auth/forgot-password',
    placeholders: ['name', 'email', 'token', 'expiresInMinutes'],
    secrets: ['token'],
  },
  set_password: {
    description: 'The mail with a token to choose a first password, sent to a user created without one',
    placeholders: ['name', 'email', 'token', 'expiresInMinutes'],
    secrets: ['token'],
  },
} as const satisfies Record<
  string,
  {
    description: string;
    placeholders: readonly string[];
    /**
     * Placeholders that carry a credential: allowed only in the body (a subject reaches logs and mail
     * previews), and a template using one may hold no link, so whoever edits templates cannot send the
     * credential to an address of their choosing.
     */
    secrets: readonly string[];
  }
>;

/** A link or something a mail reader would follow as one. */
export const LINK = /:\/\/|\bwww\./i;

export type TemplateKey = keyof typeof TEMPLATE_CATALOGUE;
export const TEMPLATE_KEYS = Object.keys(TEMPLATE_CATALOGUE) as TemplateKey[];

const PLACEHOLDER = /\{\{([^{}]*)\}\}/g;

/** The placeholder names a text uses (`{{ name }}` and `{{name}}` alike), in order of first use. */
export const placeholdersIn = (text: string): string[] => [
  ...new Set([...text.matchAll(PLACEHOLDER)].map((m) => m[1].trim())),
];

/** The text with each known placeholder replaced by its value (unknown ones are left as written). */
export const fillPlaceholders = (text: string, values: Record<string, string | number>): string =>
  text.replace(PLACEHOLDER, (whole, name: string) => {
    const value = values[name.trim()];
    return value === undefined ? whole : String(value);
  });

/** The fields a template of this channel has: email has a subject, sms does not. */
export const channelHasSubject = (channel: TemplateChannel) => channel === 'email';
