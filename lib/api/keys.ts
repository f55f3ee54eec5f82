import { type PersonalApiKey, PersonalApiKeySchema } from './schema/personal-api-key';
import type { Transport } from './transport';

export function createKeysApi(transport: Transport) {
  return {
    /** The key's own scopes and project scoping (needs no scope). */
    current(): Promise<PersonalApiKey> {
      return transport.request({
        method: 'GET',
        path: '/api/personal_api_keys/@current/',
        schema: PersonalApiKeySchema,
      });
    },
  };
}
