import { type CurrentUser, CurrentUserSchema } from './schema/user';
import type { Transport } from './transport';

export function createUsersApi(transport: Transport) {
  return {
    /** Who the key belongs to; PostHog exempts it from project scoping, so any key can call it. */
    me(): Promise<CurrentUser> {
      return transport.request({ method: 'GET', path: '/api/users/@me/', schema: CurrentUserSchema });
    },
  };
}
