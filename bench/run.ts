import { benchAuditChain } from './audit-chain.bench.js';
import { benchCluster } from './cluster.bench.js';
import { benchFlood } from './flood.bench.js';
import { benchHttp } from './http.bench.js';
import { benchLapse } from './lapse.bench.js';
import { benchMemory } from './memory.bench.js';
import { benchPolicyList } from './policy-list.bench.js';
import { benchWebhook } from './webhook.bench.js';
import { benchWorkers } from './worker-throughput.bench.js';

/** `npm run bench`: each benchmark prints its rate against a bare baseline measured in the same run. */
const benches: Record<string, () => Promise<{ line: string }>> = {
  audit: benchAuditChain,
  cluster: benchCluster,
  http: benchHttp,
  lapse: benchLapse,
  memory: benchMemory,
  flood: benchFlood,
  'policy-list': benchPolicyList,
  webhook: benchWebhook,
  workers: benchWorkers,
};

const only = process.argv.slice(2);
for (const [name, run] of Object.entries(benches)) {
  if (only.length && !only.includes(name)) continue;
  const { line } = await run();
  console.log(line);
}

process.exit(0);
