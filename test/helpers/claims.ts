import type { Api } from './client.js';

/** A claim filed through the API on `policyId` (a given policy: active, KES, today within its period). */
export async function fileClaim(api: Api, policyId: string, extra: Record<string, unknown> = {}) {
  const res = await api.post('/claims', {
    policyId,
    incidentDate: new Date().toISOString().slice(0, 10),
    description: 'Rear-ended at a junction',
    claimedAmount: { amountMinor: 500_000, currency: 'KES' },
    ...extra,
  });
  if (res.statusCode !== 201) throw new Error(`filing failed: ${res.statusCode} ${res.body}`);
  return res.json().data as {
    id: string;
    claimNumber: string;
    status: string;
    policyId: string;
    filedBy: string | null;
  };
}

/** The API calls that take a filed claim to `status` (settled at `settle` minor units). */
const ROUTES: Record<string, [string, unknown][]> = {
  filed: [],
  under_review: [['review', undefined]],
  investigation: [
    ['review', undefined],
    ['investigate', undefined],
  ],
  awaiting_documents: [
    ['review', undefined],
    ['request-documents', { documents: ['police abstract'] }],
  ],
  settled: [
    ['review', undefined],
    ['settle', { amount: { amountMinor: 300_000, currency: 'KES' } }],
  ],
  repudiated: [
    ['review', undefined],
    ['repudiate', { reason: 'not covered' }],
  ],
  withdrawn: [['withdraw', { reason: 'changed my mind' }]],
  appealed: [
    ['review', undefined],
    ['repudiate', { reason: 'not covered' }],
    ['appeal', { reason: 'it is covered' }],
  ],
  closed: [
    ['withdraw', { reason: 'changed my mind' }],
    ['close', undefined],
  ],
};

/**
 * A claim taken to `status`: filed by `filer`, then worked by `api` (four eyes: whoever filed a claim can
 * neither settle nor pay it, so the two are different users).
 */
export async function claimIn(api: Api, policyId: string, status: string, { filer }: { filer: Api }) {
  const claim = await fileClaim(filer, policyId);
  for (const [action, body] of ROUTES[status]) {
    const res = await api.post(`/claims/${claim.id}/${action}`, body);
    if (res.statusCode !== 200) throw new Error(`${action} failed: ${res.statusCode} ${res.body}`);
  }
  return claim;
}

export const CLAIM_STATES = Object.keys(ROUTES);
