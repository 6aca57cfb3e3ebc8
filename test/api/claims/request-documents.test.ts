import test from 'ava';
import { type AdminStack, withAdminStack } from '../../helpers/admin-stack.js';
import { claimIn } from '../../helpers/claims.js';
import { expectData, expectValidation } from '../../helpers/expect.js';
import { given } from '../../helpers/given.js';

/** POST /claims/{id}/request-documents: the body, `{ documents? }`, may be left out altogether. */
let { stack, api, admin } = {} as AdminStack;
withAdminStack(test, (s) => ({ stack, api, admin } = s));

const underReview = async () =>
  claimIn(api.as(admin), (await given.policy(stack, { agentId: admin.id })).id, 'under_review', {
    filer: api.as(admin),
  });

test('request-documents without a body or a Content-Type asks for documents unnamed', async (t) => {
  const claim = await underReview();
  const res = await stack.app.inject({
    method: 'POST',
    url: `/claims/${claim.id}/request-documents`,
    headers: { authorization: `Bearer ${admin.token}` }, // no payload: no body and no Content-Type
  });
  t.like(expectData(t, res), { status: 'awaiting_documents', requestedDocuments: [] });
});

test('request-documents takes {} or the documents to ask for, and refuses what is not a list of names', async (t) => {
  const empty = await underReview();
  t.like(expectData(t, await api.as(admin).post(`/claims/${empty.id}/request-documents`, {})), {
    status: 'awaiting_documents',
    requestedDocuments: [],
  });
  const named = await underReview();
  const url = `/claims/${named.id}/request-documents`;
  expectValidation(t, await api.as(admin).post(url, { documents: 'police abstract' }), ['body.documents']);
  expectValidation(t, await api.as(admin).post(url, { documents: ['police\nabstract'] }), ['body.documents.0']);
  expectValidation(t, await api.as(admin).post(url, { other: 1 }), ['body.other']);
  t.like(expectData(t, await api.as(admin).post(url, { documents: ['police abstract', 'photos'] })), {
    status: 'awaiting_documents',
    requestedDocuments: ['police abstract', 'photos'],
  });
});

test('the OpenAPI document shows the request-documents body as optional, and a settlement body as required', async (t) => {
  const { paths } = (await api.get('/openapi.json')).json();
  t.false(paths['/claims/{id}/request-documents'].post.requestBody.required);
  t.is(paths['/claims/{id}/request-documents'].post['x-body-optional'], undefined);
  t.true(paths['/claims/{id}/settle'].post.requestBody.required);
});
