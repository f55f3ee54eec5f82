import { beforeAll, describe, expect, it } from 'vitest';
import { createCopyLinkCommand } from '../../../lib/background/share-links/copy-link';
import {
  COPY_DASHBOARD_MENU_ID,
  COPY_INSIGHT_MENU_ID,
  COPY_NOTEBOOK_MENU_ID,
  createLinkMenus,
} from '../../../lib/background/share-links/link-menus';
import type { BestLink } from '../../../lib/background/share-links/share-links';
import { chromiumOffscreen, createClipboardWriter } from '../../../lib/background/toolbar/clipboard';
import { writeTextFromPage } from '../../../lib/background/toolbar/clipboard-dom';
import { createOffscreenClipboardListener } from '../../../lib/background/toolbar/clipboard-offscreen';
import type { MessageResponse } from '../../../lib/messaging/messages';
import { AppError } from '../../../lib/platform/errors';
import { type PageContext, parsePageContext } from '../../../lib/posthog/context';
import { deferred } from '../../support/deferred';
import { EXTENSION_ID, EXTENSION_ORIGIN } from '../../support/extension-id';
import { installEnglishTranslator } from '../../support/i18n';

beforeAll(installEnglishTranslator);

const WORKER = { id: EXTENSION_ID, url: `${EXTENSION_ORIGIN}background.js` };

type OffscreenListener = ReturnType<typeof createOffscreenClipboardListener>;

/**
 * Delivers a message the way the browser does: the answer is what reaches `sendResponse`, and only
 * a listener that returned `true` keeps the channel open for it (a returned promise does not count).
 */
function deliver(
  listener: OffscreenListener,
  message: unknown,
  sender: Parameters<OffscreenListener>[1],
): Promise<MessageResponse> | undefined {
  const answered = deferred<MessageResponse>();
  const kept = listener(message, sender, answered.resolve);
  return kept === true ? answered.promise : undefined;
}

/** An offscreen document that really runs the listener, so the message boundary is exercised. */
function fakeOffscreen(options: { failCreate?: boolean; writeFails?: boolean } = {}) {
  let open = false;
  const written: string[] = [];
  let creations = 0;
  const listener = createOffscreenClipboardListener({
    extensionId: EXTENSION_ID,
    extensionOrigin: EXTENSION_ORIGIN,
    write: async (text) => {
      if (options.writeFails) throw new Error('refused');
      written.push(text);
    },
  });
  return {
    written,
    creations: () => creations,
    offscreen: {
      hasDocument: async () => open,
      createDocument: async () => {
        creations++;
        await new Promise((resolve) => setTimeout(resolve, 5));
        if (options.failCreate) throw new Error('Only a single offscreen document may be created.');
        open = true;
      },
    },
    send: async (message: unknown) => {
      if (!open) throw new Error('Could not establish connection. Receiving end does not exist.');
      return deliver(listener, message, WORKER);
    },
  };
}

describe('clipboard routing', () => {
  it('opens the offscreen document once, even for copies in quick succession, and writes there', async () => {
    const page = fakeOffscreen();
    const clipboard = createClipboardWriter({ offscreen: page.offscreen, send: page.send });
    await expect(Promise.all([clipboard.write('a'), clipboard.write('b')])).resolves.toEqual([
      'offscreen',
      'offscreen',
    ]);
    await clipboard.write('c');
    expect(page.creations()).toBe(1);
    expect(page.written).toEqual(['a', 'b', 'c']);
  });

  it('reports a write the offscreen document could not do', async () => {
    const page = fakeOffscreen({ writeFails: true });
    const clipboard = createClipboardWriter({ offscreen: page.offscreen, send: page.send });
    await expect(clipboard.write('a')).rejects.toBeInstanceOf(AppError);
  });

  it('copies in the background page where there is no offscreen API (Firefox)', async () => {
    const written: string[] = [];
    const clipboard = createClipboardWriter({
      send: async () => {
        throw new Error('nothing listens');
      },
      writeHere: async (text) => void written.push(text),
    });
    await expect(clipboard.write('x')).resolves.toBe('background');
    expect(written).toEqual(['x']);
  });

  it('says so when the browser offers no way at all', async () => {
    const clipboard = createClipboardWriter({ send: async () => undefined });
    await expect(clipboard.write('x')).rejects.toMatchObject({ kind: 'unknown' });
  });

  it('finds the offscreen API only where the browser has it', async () => {
    expect(chromiumOffscreen(undefined, 'offscreen.html')).toBeUndefined();
    expect(chromiumOffscreen({ runtime: {} }, 'offscreen.html')).toBeUndefined();
    const created: unknown[] = [];
    const route = chromiumOffscreen(
      {
        offscreen: { createDocument: async (parameters) => void created.push(parameters) },
        runtime: { getContexts: async () => [] },
      },
      'offscreen.html',
    );
    expect(await route?.hasDocument()).toBe(false);
    await route?.createDocument();
    expect(created).toEqual([expect.objectContaining({ url: 'offscreen.html', reasons: ['CLIPBOARD'] })]);
  });
});

describe('the offscreen listener', () => {
  const listener = createOffscreenClipboardListener({
    extensionId: EXTENSION_ID,
    extensionOrigin: EXTENSION_ORIGIN,
    write: async () => undefined,
  });

  it('leaves every other message to the background', () => {
    const respond = () => undefined;
    expect(listener({ type: 'dashboards/list', input: { projectId: 1 } }, WORKER, respond)).toBeUndefined();
    expect(listener('junk', WORKER, respond)).toBeUndefined();
  });

  it('keeps the channel open with `true` and answers through sendResponse, as Chromium before 144 needs', async () => {
    const answers: MessageResponse[] = [];
    const kept = listener({ type: 'clipboard/write', input: { text: 'x' } }, WORKER, (answer) =>
      answers.push(answer),
    );
    expect(kept).toBe(true);
    await expect.poll(() => answers).toEqual([{ ok: true, data: { copied: true } }]);
  });

  it.each([
    ['another extension', { id: 'zzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzz', url: 'chrome-extension://zzzz/bg.js' }],
    ['a web page', { id: EXTENSION_ID, url: 'https://evil.example/', tab: { id: 1 }, frameId: 0 }],
  ])('refuses a copy asked by %s', async (_label, sender) => {
    const answer = (await deliver(
      listener,
      { type: 'clipboard/write', input: { text: 'x' } },
      sender,
    )) as MessageResponse;
    expect(answer.ok).toBe(false);
  });

  it('refuses an empty or oversized text', async () => {
    for (const text of ['', 'x'.repeat(9000)]) {
      const answer = (await deliver(
        listener,
        { type: 'clipboard/write', input: { text } },
        WORKER,
      )) as MessageResponse;
      expect(answer).toMatchObject({ ok: false, error: { kind: 'bad-message' } });
    }
  });
});

describe('writing from a page nobody looks at', () => {
  function fakePage(clipboardWorks: boolean, commandWorks = true) {
    const selected: string[] = [];
    const field = {
      value: '',
      style: {} as Record<string, string>,
      setAttribute: () => undefined,
      select() {
        selected.push(this.value);
      },
      remove: () => undefined,
    };
    const document = {
      createElement: () => field,
      body: { append: () => undefined },
      execCommand: () => commandWorks,
    } as unknown as Document;
    const clipboard = {
      writeText: async (text: string) => {
        if (!clipboardWorks) throw new DOMException('Document is not focused.', 'NotAllowedError');
        selected.push(`clipboard:${text}`);
      },
    };
    return { page: { document, clipboard }, selected };
  }

  it('uses the asynchronous clipboard when it works', async () => {
    const { page, selected } = fakePage(true);
    await writeTextFromPage(page, 'link');
    expect(selected).toEqual(['clipboard:link']);
  });

  it('falls back to the copy command on an unfocused document', async () => {
    const { page, selected } = fakePage(false);
    await writeTextFromPage(page, 'link');
    expect(selected).toEqual(['link']);
  });

  it('fails when the copy command is refused too', async () => {
    const { page } = fakePage(false, false);
    await expect(writeTextFromPage(page, 'link')).rejects.toThrow('refused');
  });
});

describe('the copy-link shortcut and menu item', () => {
  const US = 'https://us.posthog.com';

  function setup(
    options: { view?: PageContext | null; link?: BestLink | AppError; writeFails?: boolean } = {},
  ) {
    const written: string[] = [];
    const flashes: Array<{ tabId: number; ok: boolean; title: string }> = [];
    const command = createCopyLinkCommand({
      view: async () => ({ context: options.view ?? null, hints: { currentSecond: 30 } }),
      parsePageContext,
      getAppOrigins: async () => [US, 'https://eu.posthog.com'],
      bestLink: async (context) => {
        if (options.link instanceof AppError) throw options.link;
        return options.link ?? { url: `best:${context.kind}`, kind: 'private' };
      },
      write: async (text) => {
        if (options.writeFails) throw new AppError('unknown');
        written.push(text);
      },
      flash: async (tabId, kind, title) => void flashes.push({ tabId, ok: kind === 'done', title }),
    });
    return { command, written, flashes };
  }

  it('copies the best link of the tab and says which one on the toolbar button', async () => {
    const { command, written, flashes } = setup({
      view: parsePageContext(`${US}/project/1/dashboard/1`),
      link: { url: `${US}/shared/t`, kind: 'public' },
    });
    await command.copyFromTab(4);
    expect(written).toEqual([`${US}/shared/t`]);
    expect(flashes).toEqual([{ tabId: 4, ok: true, title: 'Copied the public link — Hogmark' }]);
  });

  it('says there is nothing to copy on a page that is not PostHog', async () => {
    const { command, written, flashes } = setup({ view: null });
    await expect(command.copyFromTab(4)).resolves.toBeNull();
    expect(written).toEqual([]);
    expect(flashes[0]).toMatchObject({ ok: false, title: expect.stringContaining('Nothing to copy') });
  });

  it('says the copy failed, and why', async () => {
    const { command, flashes } = setup({
      view: parsePageContext(`${US}/project/1/dashboard/1`),
      writeFails: true,
    });
    await command.copyFromTab(4);
    expect(flashes[0]).toMatchObject({
      ok: false,
      title: expect.stringContaining('Could not copy the link'),
    });
  });

  it('copies a right-clicked dashboard link of a known PostHog, and nothing else', async () => {
    const { command, written } = setup();
    await command.copyFromLink(2, `${US}/project/1/dashboard/7`);
    await command.copyFromLink(2, 'https://grafana.example/dashboard/7');
    await command.copyFromLink(2, `${US}/project/1/replay/abc`);
    expect(written).toEqual(['best:dashboard']);
  });

  it('copies a right-clicked insight or notebook link only from the item of its kind', async () => {
    const { command, written } = setup();
    await command.copyFromLink(2, `${US}/project/1/insights/Ab12Cd34`, 'insight');
    await command.copyFromLink(2, `${US}/i/Ab12Cd34`, 'insight');
    await command.copyFromLink(2, `${US}/project/1/notebooks/Nb0ok123`, 'notebook');
    // An insight link under the notebook item, and the other way round, copy nothing.
    await command.copyFromLink(2, `${US}/project/1/insights/Ab12Cd34`, 'notebook');
    await command.copyFromLink(2, `${US}/project/1/notebooks/Nb0ok123`, 'insight');
    await command.copyFromLink(2, `${US}/project/1/insights/new`, 'insight');
    expect(written).toEqual(['best:insight', 'best:insight', 'best:notebook']);
  });
});

describe('the link menu items', () => {
  it('are registered again on each sync, for the origins known then', async () => {
    const log: string[] = [];
    let origins = ['https://us.posthog.com'];
    const menu = createLinkMenus({
      menus: {
        create: (properties) => log.push(`create ${properties.id} ${properties.targetUrlPatterns.length}`),
        remove: async (id) => void log.push(`remove ${id}`),
      },
      getAppOrigins: async () => origins,
    });
    await menu.sync();
    origins = ['https://us.posthog.com', 'https://posthog.example.com'];
    await menu.sync();
    const removes = [COPY_DASHBOARD_MENU_ID, COPY_INSIGHT_MENU_ID, COPY_NOTEBOOK_MENU_ID].map(
      (id) => `remove ${id}`,
    );
    expect(log).toEqual([
      ...removes,
      `create ${COPY_DASHBOARD_MENU_ID} 2`,
      // Insights also at their legacy /i/ address.
      `create ${COPY_INSIGHT_MENU_ID} 4`,
      `create ${COPY_NOTEBOOK_MENU_ID} 2`,
      ...removes,
      `create ${COPY_DASHBOARD_MENU_ID} 4`,
      `create ${COPY_INSIGHT_MENU_ID} 8`,
      `create ${COPY_NOTEBOOK_MENU_ID} 4`,
    ]);
  });
});
