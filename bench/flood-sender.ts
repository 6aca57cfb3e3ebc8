import autocannon from 'autocannon';

/** A separate process that posts hostile bodies (so the measuring process's event loop stays its own). */
const [base, seconds] = [process.argv[2], Number(process.argv[3])];
const HOSTILE = `${'['.repeat(450_000)}${']'.repeat(450_000)}`;
const targets = ['/auth/login', '/webhooks/registry', '/no-such-route'];
const sent = await Promise.all(
  targets.map(
    (path) =>
      new Promise<number>((resolve, reject) => {
        autocannon(
          {
            url: `${base}${path}`,
            connections: 1,
            duration: seconds,
            method: 'POST',
            body: HOSTILE,
            headers: { 'content-type': 'application/json' },
          },
          // Each refused body closes its connection: autocannon counts those as errors, not responses.
          (err, result) => (err ? reject(err) : resolve(result.requests.sent)),
        );
      }),
  ),
);
// The parent reads the number of hostile requests sent from the last line.
process.stdout.write(`${sent.reduce((a, b) => a + b, 0)}\n`);
process.exit(0);
