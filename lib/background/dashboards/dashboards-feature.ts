import type { Handlers } from '../messages/dispatcher';
import type { ShareLinks } from '../share-links/share-links';
import type { DashboardsService } from './dashboards';

/** The dashboard messages, for the dispatcher's map next to the core handlers. */
export function createDashboardHandlers(services: {
  dashboards: DashboardsService;
  shareLinks: ShareLinks;
}): Handlers {
  const { dashboards, shareLinks } = services;
  return {
    'dashboards/list': (input) => dashboards.list(input),
    'dashboards/get': (input) => dashboards.get(input),
    'dashboards/pin': (input) => dashboards.pin(input),
    'dashboards/cancel-pin': async (input) => ({ cancelled: dashboards.cancelPin(input) }),
    'dashboards/share-link': (input) => shareLinks.shareLink(input),
    'dashboards/collaborators': (input) => dashboards.collaborators(input),
  };
}
