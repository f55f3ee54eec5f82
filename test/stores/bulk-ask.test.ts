import { describe, expect, it } from 'vitest';
import type { SendMessage } from '../../lib/messaging/messages';
import { createBulkAskStore } from '../../lib/stores/bulk-ask';

const ASK = '6f1c2d3e-4b5a-4c6d-8e7f-0a1b2c3d4e5f';
const QUESTION = { count: 25, playlistName: 'Onboarding' };

function storeWith(answers: { question?: unknown; answered?: boolean }, askId: string | null = ASK) {
  const sent: Array<[string, unknown]> = [];
  let closed = 0;
  const send = (async (type: string, input: unknown) => {
    sent.push([type, input]);
    if (type === 'bulk/question') return { question: answers.question ?? null };
    return { answered: answers.answered ?? true };
  }) as SendMessage;
  const store = createBulkAskStore({ send, askId, close: () => closed++ });
  return { store, sent, closed: () => closed };
}

describe('the question window before a bulk add', () => {
  it('shows the question, sends Yes once, and closes', async () => {
    const { store, sent, closed } = storeWith({ question: QUESTION });
    await store.load();
    expect(store.state.value).toEqual({ phase: 'asking', question: QUESTION });
    await Promise.all([store.answer(true), store.answer(true)]);
    expect(sent).toEqual([
      ['bulk/question', { askId: ASK }],
      ['bulk/answer', { askId: ASK, accept: true }],
    ]);
    expect(store.state.value).toEqual({ phase: 'adding' });
    expect(closed()).toBe(1);
  });

  it('says the question is gone when the background no longer holds it, and sends no answer', async () => {
    const { store, sent } = storeWith({ question: null });
    await store.load();
    expect(store.state.value).toEqual({ phase: 'gone' });
    await store.answer(true);
    expect(sent).toHaveLength(1);
  });

  it('says so when an answer comes too late (dropped or timed out)', async () => {
    const { store, closed } = storeWith({ question: QUESTION, answered: false });
    await store.load();
    await store.answer(false);
    expect(store.state.value).toEqual({ phase: 'gone' });
    expect(closed()).toBe(0);
  });

  it('asks nothing without an ask id in its address', async () => {
    const { store, sent } = storeWith({ question: QUESTION }, null);
    await store.load();
    expect(store.state.value).toEqual({ phase: 'gone' });
    expect(sent).toEqual([]);
  });
});
