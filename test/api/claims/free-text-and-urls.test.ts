import test from 'ava';
import { type AdminStack, withAdminStack } from '../../helpers/admin-stack.js';
import { fileClaim } from '../../helpers/claims.js';
import { expectData, expectValidation } from '../../helpers/expect.js';
import { given } from '../../helpers/given.js';

/**
 * What a claim record and the API's free text may hold: a document URL names a public https host, and
 * names and descriptions carry no control or bidirectional formatting characters.
 */
let { stack, api, admin } = {} as AdminStack;
withAdminStack(test, (s) => ({ stack, api, admin } = s));

const RLO = '\u202e'; // right-to-left override: "invoice\u202efdp.exe" shows as "invoiceexe.pdf"
const document = (url: string) => ({
  name: 'estimate.pdf',
  contentType: 'application/pdf',
  sizeBytes: 1_000,
  sha256: 'c'.repeat(64),
  url,
});
const claimOfAdmin = async () => fileClaim(api.as(admin), (await given.policy(stack, { agentId: admin.id })).id);

test('a document URL is https naming a public host: every other URL answers 400 on body.url', async (t) => {
  const claim = await claimOfAdmin();
  const refused = [
    'http://files.example.test/a.pdf',
    'ftp://files.example.test/a.pdf',
    'https://user@files.example.test/a.pdf',
    'https://user:secret@files.example.test/a.pdf',
    'https://files.example.test@127.0.0.1/a.pdf',
    'https://127.0.0.1/a.pdf',
    'https://2130706433/a.pdf',
    'https://0x7f.1/a.pdf',
    'https://0177.0.0.1/a.pdf',
    'https://127.1/a.pdf',
    'https://169.254.169.254/latest/meta-data',
    'https://[::1]/a.pdf',
    'https://[::ffff:127.0.0.1]/a.pdf',
    'https://%31%32%37.0.0.1/a.pdf',
    'https://localhost/a.pdf',
    'https://LOCALHOST:8443/a.pdf',
    'https://files.localhost/a.pdf',
    'https://nas.local/a.pdf',
    'https://vault.internal/a.pdf',
    'https://intranet/a.pdf',
    'https://files.example.test./a.pdf',
    'https://files.example.test\\@evil.example/a.pdf',
    'https://files.exa mple.test/a.pdf',
    `https://files.example.test/${RLO}fdp.exe`,
    'javascript:alert(1)',
  ];
  for (const url of refused)
    expectValidation(
      t,
      await api.as(admin).post(`/claims/${claim.id}/documents`, document(url)),
      { 'body.url': 'format' },
      url,
    );
  for (const url of [
    'https://files.example.test/claims/a.pdf',
    'https://Files.Example.test:8443/a.pdf?version=2#page=3',
    'https://xn--bcher-kva.example/a.pdf',
  ])
    t.is(expectData(t, await api.as(admin).post(`/claims/${claim.id}/documents`, document(url)), 201).url, url);
});

test('a refused URL says why in its message', async (t) => {
  const claim = await claimOfAdmin();
  const [detail] = expectValidation(
    t,
    await api.as(admin).post(`/claims/${claim.id}/documents`, document('https://2130706433/a.pdf')),
    ['body.url'],
  );
  t.regex(detail.message, /public host.*no IP address/);
});

test('a bidirectional override or a control character in a claim description or a document name answers 400; a line break too', async (t) => {
  const policy = await given.policy(stack, { agentId: admin.id });
  const body = (description: string) => ({
    policyId: policy.id,
    incidentDate: new Date().toISOString().slice(0, 10),
    description,
    claimedAmount: { amountMinor: 1_000, currency: 'KES' },
  });
  for (const description of [
    `Rear-ended ${RLO}at a junction`,
    'a\u2066b',
    'a\u200fb',
    'a\u061cb',
    'a\u0007b',
    'a\u007fb',
    'a\u0085b',
    'two\nlines',
  ])
    expectValidation(
      t,
      await api.as(admin).post('/claims', body(description)),
      { 'body.description': 'format' },
      description,
    );
  const claim = await claimOfAdmin();
  expectValidation(
    t,
    await api.as(admin).post(`/claims/${claim.id}/documents`, {
      ...document('https://files.example.test/a'),
      name: `invoice${RLO}fdp.exe`,
    }),
    { 'body.name': 'format' },
  );
  const [detail] = expectValidation(t, await api.as(admin).post('/claims', body(`x${RLO}y`)), ['body.description']);
  t.regex(detail.message, /bidirectional/);
  // Other scripts and emoji are text like any other.
  t.is(
    expectData(t, await api.as(admin).post('/claims', body('Gari liligongwa 🚗 — 車が衝突した')), 201).status,
    'filed',
  );
});

test('notes keep line feeds and tabs but refuse other controls and bidirectional overrides', async (t) => {
  const claim = await claimOfAdmin();
  const url = `/claims/${claim.id}/notes`;
  t.is(
    expectData(t, await api.as(admin).post(url, { body: 'Called:\n\t- holder\n\t- garage' }), 201).body,
    'Called:\n\t- holder\n\t- garage',
  );
  for (const body of [`a${RLO}b`, 'a\rb', 'a\u001bb', 'a\u0085b'])
    expectValidation(t, await api.as(admin).post(url, { body }), { 'body.body': 'format' }, body);
});

test('a bidirectional override in an endorsement description, a holder name, a role, an investment product or a catastrophe event answers 400', async (t) => {
  const policy = await given.policy(stack, { agentId: admin.id });
  const today = new Date().toISOString().slice(0, 10);
  const cases: [string, string, Record<string, unknown>, string][] = [
    [
      'endorsement description',
      `/policies/${policy.id}/endorsements`,
      {
        type: 'other',
        description: `Raise${RLO}`,
        effectiveDate: today,
        changes: { premium: { amountMinor: 1, currency: 'KES' } },
      },
      'body.description',
    ],
    [
      'holder name in an endorsement',
      `/policies/${policy.id}/endorsements`,
      { type: 'holder', description: 'Rename', effectiveDate: today, changes: { holder: { name: `Ada${RLO}` } } },
      'body.changes.holder.name',
    ],
    ['role name', '/roles', { name: `Auditors${RLO}` }, 'body.name'],
    ['role description', '/roles', { name: 'Auditors', description: `Reads${RLO}` }, 'body.description'],
    [
      'investment product name',
      '/investment-products',
      { name: `Growth${RLO} Fund`, riskLevel: 3, minInvestment: { amountMinor: 100, currency: 'KES' } },
      'body.name',
    ],
    [
      'investment product description',
      '/investment-products',
      {
        name: 'Growth Fund',
        riskLevel: 3,
        minInvestment: { amountMinor: 100, currency: 'KES' },
        description: `x${RLO}`,
      },
      'body.description',
    ],
    [
      'catastrophe event name',
      '/catastrophe-events/BIDI-1',
      { name: `Flood${RLO}`, peril: 'flood', region: 'Kisumu', startsOn: today },
      'body.name',
    ],
  ];
  for (const [what, url, body, field] of cases) {
    const [detail] = expectValidation(t, await api.as(admin).post(url, body), [field], what);
    t.true(['format', 'pattern'].includes(detail.constraint ?? ''), what);
  }
});
