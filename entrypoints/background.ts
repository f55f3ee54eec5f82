import { browser } from 'wxt/browser';
import { defineBackground } from 'wxt/utils/define-background';

export default defineBackground(() => {
  browser.runtime.onMessage.addListener(() => Promise.resolve({ ok: true, data: { configured: false } }));
});
