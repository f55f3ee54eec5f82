import type { SessionBridge } from '../session/session-bridge';
import type { SettingsService } from '../settings/settings';
import type { TabContextService } from '../tabs/tab-context';
import type { Handlers } from './dispatcher';

/** The messages the settings, tab-context and session services answer, for the dispatcher's map. */
export function createCoreHandlers(services: {
  settings: SettingsService;
  tabs: TabContextService;
  session: SessionBridge;
}): Handlers {
  const { settings, tabs, session } = services;
  return {
    'status/get': () => settings.status(),
    'settings/get': () => settings.getSettings(),
    'settings/save': (input) => settings.save(input),
    'settings/check': () => settings.check(),
    'settings/forget': () => settings.forget(),
    'settings/cancel': async () => ({ cancelled: settings.cancelCheck() }),
    'context/get': ({ tabId }) => tabs.get(tabId),
    'context/hint': (hints, context) => tabs.hint(hints, context),
    'session/reply': (input, context) => session.reply(input, context),
  };
}
