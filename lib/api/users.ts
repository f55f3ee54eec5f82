import { segment } from './paths';
import { type CurrentUser, CurrentUserSchema, type Organization, OrganizationSchema } from './schema/user';
import type { Transport } from './transport';

export function createUsersApi(transport: Transport) {
  return {
    /** Who the key belongs to; PostHog exempts it from project scoping, so any key can call it. */
    me(): Promise<CurrentUser> {
      return transport.request({ method: 'GET', path: '/api/users/@me/', schema: CurrentUserSchema });
    },

    /**
     * One of the user's organisations (`OrganizationViewSet`, scope `organization:read`; a key scoped to
     * other organisations, or a user who is not a member, gets 404).
     */
    organization(id: string): Promise<Organization> {
      return transport.request({
        method: 'GET',
        path: `/api/organizations/${segment(id, 'organization id')}/`,
        schema: OrganizationSchema,
      });
    },
  };
}
