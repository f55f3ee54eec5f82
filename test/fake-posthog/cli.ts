import { parseArgs } from 'node:util';
import { startFakePostHog } from './index';
import type { CommentsKeyAccess, Flavor, SeedName } from './types';

const FLAVORS: readonly Flavor[] = ['contract', 'posthog'];
const SEEDS: readonly SeedName[] = ['demo', 'large', 'empty', 'review', 'support', 'site', 'tour'];
const COMMENT_ACCESS: readonly CommentsKeyAccess[] = ['scoped', 'internal'];

function choice<T extends string>(name: string, value: string, allowed: readonly T[]): T {
  if ((allowed as readonly string[]).includes(value)) return value as T;
  console.error(`--${name} must be one of: ${allowed.join(', ')}`);
  process.exit(2);
}

const { values } = parseArgs({
  options: {
    port: { type: 'string', default: '8010' },
    host: { type: 'string', default: '127.0.0.1' },
    flavor: { type: 'string', default: 'posthog' },
    seed: { type: 'string', default: 'demo' },
    'large-count': { type: 'string' },
    'comments-key-access': { type: 'string', default: 'scoped' },
  },
});

const port = Number(values.port);
if (!Number.isInteger(port) || port < 0 || port > 65_535) {
  console.error('--port must be a port number (0 picks a free one)');
  process.exit(2);
}

const server = await startFakePostHog({
  port,
  host: values.host,
  flavor: choice('flavor', values.flavor, FLAVORS),
  seed: choice('seed', values.seed, SEEDS),
  largeCount: values['large-count'] ? Number(values['large-count']) : undefined,
  commentsKeyAccess: choice('comments-key-access', values['comments-key-access'], COMMENT_ACCESS),
});

console.log(`listening on ${server.url}`);
for (const info of Object.values(server.keyInfo)) {
  console.log(`key ${info.value} scopes ${info.scopes.includes('*') ? '*' : info.scopes.join(',')}`);
}

let stopping = false;
async function stop(): Promise<void> {
  if (stopping) return;
  stopping = true;
  await server.close();
  process.exit(0);
}
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
