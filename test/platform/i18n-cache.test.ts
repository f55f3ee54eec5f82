import { describe, expect, it } from 'vitest';
import { fillTemplate, SLOTS, templateTranslator, translatorFrom } from '../../lib/platform/i18n';
import { enMessages, formatMessage } from '../support/i18n';

/** A stand-in for `browser.i18n.getMessage` that answers from the English messages and counts its asks. */
function countingGetMessage() {
  const asks: Array<[string, string[] | undefined]> = [];
  const getMessage = (key: string, substitutions?: string[]) => {
    asks.push([key, substitutions]);
    return formatMessage(key, substitutions);
  };
  return { asks, getMessage: getMessage as (key: never, substitutions?: string[]) => string };
}

describe('the translator asks the browser once per message', () => {
  it('asks a message once, with the slots as its substitutions, and fills it for every later ask', () => {
    const browser = countingGetMessage();
    const translate = translatorFrom(browser.getMessage);
    expect(translate('connectedTo', ['Acme'])).toBe(formatMessage('connectedTo', ['Acme']));
    expect(translate('connectedTo', ['Globex'])).toBe(formatMessage('connectedTo', ['Globex']));
    expect(translate('connectedTo', [])).toBe(formatMessage('connectedTo', []));
    expect(browser.asks).toEqual([['connectedTo', [...SLOTS]]]);
  });

  it('gives what the browser gives for every message, with any substitutions, none or too few', () => {
    const browser = countingGetMessage();
    const translate = translatorFrom(browser.getMessage);
    const awkward = ['$1', '$$', SLOTS[1] as string, 'a\u0000b', '', '9 recordings', '$2x', 'é', '<b>'];
    for (const key of Object.keys(enMessages)) {
      expect(translate(key, awkward)).toBe(formatMessage(key, awkward));
      expect(translate(key, ['only one'])).toBe(formatMessage(key, ['only one']));
      expect(translate(key, [])).toBe(formatMessage(key, []));
    }
    expect(browser.asks).toHaveLength(Object.keys(enMessages).length);
  });

  it('puts each substitution in as it is, even one holding a slot or a $', () => {
    const template = `Add ${SLOTS[0]} to ${SLOTS[1]}`;
    expect(fillTemplate(template, [SLOTS[1] as string, '$1'])).toBe(`Add ${SLOTS[1]} to $1`);
    expect(fillTemplate(template, [])).toBe('Add  to ');
  });

  it('keeps an unknown key’s empty answer, so `t` still falls back to the key', () => {
    const browser = countingGetMessage();
    const translate = translatorFrom(browser.getMessage);
    expect(translate('noSuchMessage', [])).toBe('');
    expect(translate('noSuchMessage', ['x'])).toBe('');
    expect(browser.asks).toHaveLength(1);
  });

  it('no message holds a slot, nor a substitution past the ninth', () => {
    for (const [key, { message }] of Object.entries(enMessages)) {
      expect(
        SLOTS.some((slot) => message.includes(slot)),
        key,
      ).toBe(false);
      expect(/\$\d\d/.test(message), key).toBe(false);
    }
  });
});

describe('a template translator told of kept templates', () => {
  it('answers kept messages without asking the browser, and says when the browser gave one', () => {
    const browser = countingGetMessage();
    let learnt = 0;
    const strings = templateTranslator(browser.getMessage, () => learnt++);
    strings.adopt({ connectedTo: `Kept ${SLOTS[0]}` });
    expect(strings.translate('connectedTo', ['Acme'])).toBe('Kept Acme');
    expect(browser.asks).toEqual([]);
    expect(strings.known()).toEqual({ connectedTo: `Kept ${SLOTS[0]}` });
    expect(learnt).toBe(0);
    strings.translate('extName', []);
    strings.translate('extName', []);
    expect(learnt).toBe(1);
    expect(browser.asks.map(([key]) => key)).toEqual(['extName']);
    expect(strings.known()).toEqual({
      connectedTo: `Kept ${SLOTS[0]}`,
      extName: formatMessage('extName', []),
    });
  });

  it('keeps the browser’s own answer over a kept one adopted later', () => {
    const browser = countingGetMessage();
    const strings = templateTranslator(browser.getMessage);
    strings.translate('extName', []);
    strings.adopt({ extName: 'Old name' });
    expect(strings.translate('extName', [])).toBe(formatMessage('extName'));
  });
});
