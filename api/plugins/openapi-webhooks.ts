import { PUBLISHED_EVENT_TYPES, PUBLISHED_EVENTS } from '../../shared/catalogues.js';

/**
 * The outbound events in the document (OpenAPI 3.1 `webhooks`): for each published type, the POST a
 * registered endpoint receives, its Standard Webhooks headers, and its body with `data` typed as the
 * component its domain names (a claim's events carry a Claim, a payment's a ClaimPayment).
 */
const header = (name: string, description: string, schema: object) => ({
  name,
  in: 'header',
  required: true,
  description,
  schema,
});

const SIGNATURE_HEADERS = [
  header('webhook-id', 'The event id, the same at every try: deduplicate by it', {
    type: 'string',
    format: 'uuid',
    maxLength: 36,
  }),
  header('webhook-timestamp', 'Unix seconds when this try was signed: refuse it more than five minutes off', {
    type: 'string',
    pattern: '^\\d+$',
    maxLength: 16,
  }),
  header(
    'webhook-signature',
    "Space-separated `v1,<base64 HMAC-SHA256 of id.timestamp.body>`, one per secret (two while a secret is rotated), keyed by the base64 part of the endpoint's whsec_ secret",
    // Two signatures of `v1,` and 44 base64 characters, with room to spare.
    { type: 'string', maxLength: 512 },
  ),
];

export function withWebhooks<T extends object>(document: T): T {
  const webhooks = Object.fromEntries(
    PUBLISHED_EVENT_TYPES.map((type) => {
      const spec = PUBLISHED_EVENTS[type];
      return [
        type,
        {
          post: {
            operationId: `on_${type.replace('.', '_')}`,
            tags: ['webhook-endpoints'],
            summary: spec.means,
            description: `Sent to every enabled endpoint that takes \`${type}\` and whose creator's data scope covers the record. Answer 2xx within 10 s; anything else is tried again with exponential backoff for about a day.`,
            parameters: SIGNATURE_HEADERS,
            requestBody: {
              required: true,
              content: {
                'application/json': {
                  schema: {
                    allOf: [
                      { $ref: '#/components/schemas/Event' },
                      {
                        type: 'object',
                        properties: { type: { const: type }, data: { $ref: `#/components/schemas/${spec.data}` } },
                      },
                    ],
                  },
                },
              },
            },
            responses: {
              '2XX': { description: 'Received' },
              default: { description: 'Not received: the delivery is tried again later' },
            },
          },
        },
      ];
    }),
  );
  return Object.assign(document, { webhooks });
}
