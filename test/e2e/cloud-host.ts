import { execFileSync } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * A throw-away self-signed certificate for PostHog Cloud's US host, made with the system's `openssl`
 * (Debian's, as on CI). Chromium is told to accept it (`--ignore-certificate-errors`), so the built
 * extension talks to `https://us.posthog.com` exactly as in production while the host resolves to the
 * local PostHog.
 */
export async function cloudCertificate(): Promise<{ key: string; cert: string }> {
  const dir = await mkdtemp(join(tmpdir(), 'hogmark-tls-'));
  try {
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'rsa:2048',
        '-nodes',
        '-days',
        '1',
        '-subj',
        '/CN=us.posthog.com',
        '-addext',
        'subjectAltName=DNS:us.posthog.com',
        '-keyout',
        join(dir, 'key.pem'),
        '-out',
        join(dir, 'cert.pem'),
      ],
      { stdio: 'ignore' },
    );
  } catch (error) {
    await rm(dir, { recursive: true, force: true });
    throw new Error(`openssl could not make a test certificate (is it installed?): ${String(error)}`);
  }
  const [key, cert] = await Promise.all([
    readFile(join(dir, 'key.pem'), 'utf8'),
    readFile(join(dir, 'cert.pem'), 'utf8'),
  ]);
  await rm(dir, { recursive: true, force: true });
  return { key, cert };
}

/** Chromium switches that put PostHog Cloud's US host on the local PostHog listening at `url`. */
export function cloudHostArgs(url: string): string[] {
  const { port } = new URL(url);
  return [`--host-resolver-rules=MAP us.posthog.com 127.0.0.1:${port}`, '--ignore-certificate-errors'];
}

export const CLOUD_US = 'https://us.posthog.com';
