import ky from 'ky';
import browser from 'webextension-polyfill';
import * as z from 'zod/mini';

/**
 * The stack worker (bench-minimal.ts): the minimal worker's work written on Hogmark's fixed stack,
 * and nothing of Hogmark's own. It loads webextension-polyfill, ky and zod as the background does,
 * checks its events with zod, registers the same command and, when the command or its content
 * script's button fires, sends its one request with ky. The bench bundles it per run with esbuild,
 * defining the two addresses; against the minimal worker, in the same rounds, it says what the
 * stack alone costs a stopped worker, and Hogmark against it what Hogmark's own code adds.
 */
declare const ADD_URL: string;
declare const FETCH_URL: string;

const Command = z.literal('add-to-last-playlist');
const Message = z.enum(['add', 'fetch']);
// As the minimal worker's: no credentials, so the local PostHog logs the request and refuses it.
const api = ky.create({ credentials: 'omit', retry: 0, throwHttpErrors: false, timeout: 10_000 });
const add = () => api.post(ADD_URL).catch(() => undefined);

browser.commands.onCommand.addListener((command: string) => {
  if (Command.safeParse(command).success) void add();
});
browser.runtime.onMessage.addListener((message: unknown) => {
  const parsed = Message.safeParse(message);
  if (!parsed.success) return undefined;
  if (parsed.data === 'add') {
    void add();
    return undefined;
  }
  return api
    .get(FETCH_URL)
    .text()
    .then(
      () => true,
      () => false,
    );
});
