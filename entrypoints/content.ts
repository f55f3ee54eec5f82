import { defineContentScript } from 'wxt/utils/define-content-script';
import { CLOUD_APP_MATCHES, TEST_APP_MATCHES } from '../lib/app-origins';

export default defineContentScript({
  matches: import.meta.env.MODE === 'test' ? [...CLOUD_APP_MATCHES, ...TEST_APP_MATCHES] : CLOUD_APP_MATCHES,
  runAt: 'document_idle',
  main() {
    document.documentElement.dataset.hogmark = 'ready';
  },
});
