import { loadConfig } from '../shared/config/index.js';
import { verifyAuditChain } from '../shared/domain/audit/index.js';
import { createOrm } from '../shared/domains.js';
import { isEntry, runMain } from '../shared/process.js';

/** `npm run audit:verify`: recomputes the audit hash chain; exits 1 and names the first bad seq if it is broken. */
if (isEntry(import.meta.url)) {
  runMain(async () => {
    const orm = await createOrm(loadConfig(), 'audit-verify');
    try {
      const result = await verifyAuditChain(orm);
      process.stdout.write(`${JSON.stringify(result)}\n`);
      process.stdout.write(
        result.valid
          ? `audit chain valid: ${result.checked} entries checked\n`
          : `audit chain BROKEN at seq ${result.firstInvalidSeq} (${result.checked} entries valid before it)\n`,
      );
      process.exitCode = result.valid ? 0 : 1;
    } finally {
      await orm.close();
    }
  });
}
