import autocannon from 'autocannon';

/** A separate process that posts hostile bodies (so the measuring process's event loop stays its own). */
const [base, seconds] = [process.argv[2], Number(process.argv[3])];
const HOSTILE = `${'['.repeat(450_000)}${']'.repeat(450_000)}`;
const targets = ['/auth/login', '/webhooks/registry', '/no-such-route'];
await Promise.all(
  targets.map(
    (path) =>
      new Promise<void>((resolve, reject) => {
        autocannon(
          {
            url: `${base}${path}`,
            connections: 1,
            duration: seconds,
            method: 'POST',
            body: HOSTILE,
            headers: { 'content-type': 'application/json' },
          },
          (err) => (err ? reject(err) : resolve()),
        );
      }),
  ),
);
process.exit(0);
