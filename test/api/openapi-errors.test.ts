import { Ajv2020 } from 'ajv/dist/2020.js';
import test from 'ava';
import { statusOf, WIRE_ERRORS } from '../../api/http/errors.js';
import { ERROR_CODES } from '../../shared/catalogues.js';
import { uuidv7 } from '../../shared/kernel/ids.js';
import { type AdminStack, withAdminStack } from '../helpers/admin-stack.js';
import { given } from '../helpers/given.js';
import { withResponsesInlined } from '../helpers/openapi-doc.js';

/**
 * The document declares, per operation and status, the error codes the operation can answer with,
 * from the error catalogue: what its traits imply and what its service throws.
 */
let { stack, api, admin } = {} as AdminStack;
withAdminStack(test, (s) => ({ stack, api, admin } = s));

type Doc = any;
const documentOf = async (): Promise<Doc> =>
  withResponsesInlined((await stack.app.inject({ method: 'GET', url: '/openapi.json' })).json());
const METHODS = ['get', 'put', 'post', 'delete', 'patch'];

/** The catalogue: every code with the status it answers with. */
const STATUS = new Map<string, number>([
  ...Object.entries(ERROR_CODES).map(([code, e]) => [code, statusOf(e.kind)] as const),
  ...Object.entries(WIRE_ERRORS).map(([code, e]) => [code, e.status] as const),
]);

function operations(doc: Doc): { name: string; path: string; method: string; op: Doc }[] {
  return Object.entries<Doc>(doc.paths).flatMap(([path, item]) =>
    Object.entries<Doc>(item)
      .filter(([method]) => METHODS.includes(method))
      .map(([method, op]) => ({ name: `${method.toUpperCase()} ${path}`, path, method, op })),
  );
}

/** The codes an operation lists for a status (none when it declares no such response). */
const listed = (doc: Doc, path: string, method: string, status: number): string[] =>
  doc.paths[path][method].responses[String(status)]?.['x-error-codes'] ?? [];

test('every code listed is in the catalogue, under its own status, and described', async (t) => {
  const doc = await documentOf();
  let seen = 0;
  for (const { name, op } of operations(doc))
    for (const [status, response] of Object.entries<Doc>(op.responses)) {
      const codes: string[] | undefined = response['x-error-codes'];
      if (!codes) continue;
      seen++;
      t.true(codes.length > 0, `${name} ${status}`);
      for (const code of codes) {
        t.is(STATUS.get(code), Number(status), `${name} ${status} ${code}`);
        t.true(response.description.includes(`\`${code}\``), `${name} ${status} describes ${code}`);
      }
      const schema = response.content['application/json'].schema;
      t.deepEqual(schema.allOf[0], { $ref: '#/components/schemas/ErrorEnvelope' }, `${name} ${status}`);
      t.deepEqual(schema.allOf[1].properties.error.properties.code.enum, codes, `${name} ${status} enum`);
    }
  t.true(seen > 500, `${seen} error responses`);
});

test('no operation keeps a generic 4XX or 5XX; every one answers 500 and 503', async (t) => {
  const doc = await documentOf();
  for (const { name, op } of operations(doc)) {
    t.is(op.responses['4XX'], undefined, name);
    t.is(op.responses['5XX'], undefined, name);
    t.deepEqual(op.responses['500']['x-error-codes'], ['INTERNAL_ERROR'], name);
    t.true(op.responses['503']['x-error-codes'].includes('SERVICE_UNAVAILABLE'), name);
    t.truthy(op.responses['503'].headers['Retry-After'], `${name} 503 Retry-After`);
    t.is(op.responses['500'].headers['Retry-After'], undefined, `${name} 500`);
    // Any operation needing a token answers what the auth plugin refuses a missing or stale one with.
    if (op.security?.length !== 0) t.true(op.responses['401']['x-error-codes'].includes('UNAUTHENTICATED'), name);
  }
  t.is(doc.paths['/openapi.json'], undefined, 'the document itself is hidden');
});

test('representative operations list the codes their services throw', async (t) => {
  const doc = await documentOf();
  for (const code of ['POLICY_NOT_ACTIVE', 'INCIDENT_OUTSIDE_COVER', 'INVARIANT_VIOLATION'])
    t.true(listed(doc, '/claims', 'post', 422).includes(code), code);
  t.true(listed(doc, '/claims', 'post', 404).includes('NOT_FOUND'), 'the policy named in the body');
  t.deepEqual(listed(doc, '/claims', 'post', 400), ['VALIDATION_ERROR', 'MALFORMED_JSON']);
  t.true(listed(doc, '/claims/{id}/payments', 'post', 422).includes('PAYMENT_EXCEEDS_SETTLEMENT'));
  t.true(listed(doc, '/claims/{id}/payments', 'post', 409).includes('IDEMPOTENCY_CONFLICT'));
  t.true(listed(doc, '/claims/{id}/settle', 'post', 422).includes('INVALID_TRANSITION'), 'a workflow action');
  t.true(listed(doc, '/claims/{id}/settle', 'post', 403).includes('FORBIDDEN'));
  t.deepEqual(listed(doc, '/claims/{id}', 'get', 422), [], 'a read refuses no rule');
  t.deepEqual(listed(doc, '/auth/sessions/{familyId}', 'delete', 422), ['INVALID_TRANSITION']);
  t.deepEqual(listed(doc, '/auth/me', 'get', 401), ['UNAUTHENTICATED', 'TOKEN_EXPIRED', 'SESSION_REVOKED']);
  t.deepEqual(listed(doc, '/auth/login', 'post', 401), ['INVALID_CREDENTIALS', 'INVALID_MFA_CODE']);
  t.deepEqual(listed(doc, '/health/ready', 'get', 503), ['SERVICE_UNAVAILABLE', 'NOT_READY']);
  t.deepEqual(listed(doc, '/webhooks/registry', 'post', 409), ['IDEMPOTENCY_CONFLICT', 'CONFLICT']);

  // A status of the route's own shape stays: OAuth's refusals on POST /auth/token.
  const token = doc.paths['/auth/token'].post.responses;
  t.is(token['400'].content['application/json'].schema.$ref, '#/components/schemas/OAuthError');
  t.is(token['401'].content['application/json'].schema.$ref, '#/components/schemas/OAuthError');
  t.deepEqual(token['415']['x-error-codes'], ['UNSUPPORTED_MEDIA_TYPE']);
  // The 429 keeps its wire headers.
  const limited = doc.paths['/claims'].post.responses['429'];
  t.deepEqual(limited['x-error-codes'], ['RATE_LIMITED']);
  t.truthy(limited.headers['Retry-After'] && limited.headers['RateLimit-Limit']);
  // The details' known shape holds for its code only.
  const error =
    doc.paths['/claims/{id}/settle'].post.responses['422'].content['application/json'].schema.allOf[1].properties.error;
  t.like(error.oneOf[0], { properties: { code: { const: 'INVALID_TRANSITION' } } });
  t.deepEqual(error.oneOf[0].properties.details, { $ref: '#/components/schemas/InvalidTransitionDetails' });
  t.deepEqual(doc.components.schemas.InvalidTransitionDetails.required, ['from', 'action', 'allowedFrom']);
});

test('real refusals answer codes the document lists for that operation and status, in the shape it declares', async (t) => {
  const doc = await documentOf();
  // The document as one schema, so each response's schema resolves its $refs to the components.
  const ajv = new Ajv2020({ strict: false, validateFormats: false, validateSchema: false });
  ajv.addSchema({ ...doc, $id: 'openapi' });
  const pointer = (...parts: string[]) => parts.map((p) => p.replace(/~/g, '~0').replace(/\//g, '~1')).join('/');
  const check = async (path: string, method: string, sent: Promise<{ statusCode: number; json(): Doc }>) => {
    const res = await sent;
    const { code } = res.json().error;
    t.true(listed(doc, path, method, res.statusCode).includes(code), `${method} ${path} ${res.statusCode} ${code}`);
    const schema = `openapi#/${pointer('paths', path, method, 'responses', String(res.statusCode), 'content', 'application/json', 'schema')}`;
    t.true(ajv.validate(schema, res.json()), `${method} ${path}: ${ajv.errorsText()}`);
    return code;
  };

  const today = new Date().toISOString().slice(0, 10);
  const issued = await api.as(admin).post('/policies', {
    agentId: admin.id,
    insurerId: 'insurer-a',
    productCode: 'HOME',
    holder: { name: 'Refused Holder' },
    sumInsured: { amountMinor: 1000, currency: 'KES' },
    premium: { amountMinor: 10, currency: 'KES' },
    effectiveFrom: today,
    effectiveTo: `${new Date().getUTCFullYear() + 1}-12-31`,
  });
  t.is(issued.statusCode, 201);
  const policyId = issued.json().data.id;
  const cancel = () => api.as(admin).post(`/policies/${policyId}/cancel`, { reason: 'Refusals' });
  t.is((await cancel()).statusCode, 200);
  const claim = { policyId, incidentDate: today, description: 'x', claimedAmount: { amountMinor: 1, currency: 'KES' } };
  t.is(await check('/claims', 'post', api.as(admin).post('/claims', claim)), 'POLICY_NOT_ACTIVE');
  t.is(await check('/policies/{id}/cancel', 'post', cancel()), 'INVALID_TRANSITION');
  t.is(await check('/claims/{id}', 'get', api.as(admin).get(`/claims/${uuidv7()}`)), 'NOT_FOUND');
  const reader = await given.user(stack, { permissions: ['claim:read'] });
  t.is(await check('/claims', 'post', api.as(reader).post('/claims', claim)), 'FORBIDDEN');
  t.is(await check('/claims', 'post', api.post('/claims', claim)), 'UNAUTHENTICATED');
  t.is(await check('/claims', 'post', api.as(admin).post('/claims', { ...claim, policyId: 'x' })), 'VALIDATION_ERROR');
});

test('the error responses are kept once each in components.responses, and every operation refers to them', async (t) => {
  const raw = (await stack.app.inject({ method: 'GET', url: '/openapi.json' })).json();
  const shared = Object.keys(raw.components.responses);
  t.true(shared.length > 10 && shared.length < 100, `${shared.length} shared error responses`);
  t.true(shared.includes('500_INTERNAL_ERROR'));
  for (const [path, item] of Object.entries<Doc>(raw.paths))
    for (const [method, op] of Object.entries<Doc>(item))
      for (const [status, response] of Object.entries<Doc>(op.responses ?? {}))
        if (/^[45]/.test(status) && response['x-error-codes']) t.fail(`${method} ${path} ${status} is inlined`);
});
