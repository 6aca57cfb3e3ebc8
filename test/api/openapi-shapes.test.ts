import { readFileSync } from 'node:fs';
import test from 'ava';
import { PUBLISHED_EVENT_TYPES, PUBLISHED_EVENTS } from '../../shared/catalogues.js';

/** Shapes the document states exactly: the login's two steps as a oneOf, and each outbound event as a webhook. */
// The served document, as the snapshot test (openapi-snapshot.test.ts) holds it equal to the app's.
const doc = JSON.parse(readFileSync('test/fixtures/openapi.json', 'utf8'));
const component = (ref: string) => doc.components.schemas[ref.replace('#/components/schemas/', '')];

test('the login body is a oneOf of its two steps, each with its own required fields', (t) => {
  const schema = doc.paths['/auth/login'].post.requestBody.content['application/json'].schema;
  t.is(schema.oneOf.length, 2);
  const [password, mfa] = schema.oneOf.map((s: { $ref: string }) => component(s.$ref));
  t.deepEqual(password.required.sort(), ['email', 'password']);
  t.deepEqual(mfa.required.sort(), ['code', 'mfaToken']);
  for (const step of [password, mfa]) {
    t.false(step.additionalProperties);
    t.truthy(step.properties.deviceToken);
  }
});

test('every published event type is a webhook: its signed headers, and its data as its domain says', (t) => {
  t.deepEqual(Object.keys(doc.webhooks).sort(), [...PUBLISHED_EVENT_TYPES].sort());
  for (const type of PUBLISHED_EVENT_TYPES) {
    const post = doc.webhooks[type].post;
    t.deepEqual(
      post.parameters.filter((p: { required: boolean }) => p.required).map((p: { name: string }) => p.name),
      ['webhook-id', 'webhook-timestamp', 'webhook-signature'],
      type,
    );
    const [event, own] = post.requestBody.content['application/json'].schema.allOf;
    t.is(event.$ref, '#/components/schemas/Event');
    t.is(own.properties.type.const, type);
    t.is(own.properties.data.$ref, `#/components/schemas/${PUBLISHED_EVENTS[type].data}`);
    t.truthy(component(own.properties.data.$ref), `${type} data component exists`);
  }
  t.is(
    doc.webhooks['claim.payment_recorded'].post.requestBody.content['application/json'].schema.allOf[1].properties.data
      .$ref,
    '#/components/schemas/ClaimPayment',
  );
});
