import test from 'ava';
import { benchConfig } from '../../bench/harness.js';

/** The bench talks to the Redis REDIS_URL names, database number included, as the processes it starts do. */
test('the bench harness uses the Redis database of REDIS_URL, not database 0', (t) => {
  const config = benchConfig('postgres://postgres@127.0.0.1:5432/bench', { REDIS_URL: 'redis://127.0.0.1:6379/7' });
  t.is(config.REDIS_URL, 'redis://127.0.0.1:6379/7');
  t.is(benchConfig('postgres://postgres@127.0.0.1:5432/bench', {}).REDIS_URL, 'redis://127.0.0.1:6379');
});
