import { z } from 'zod';

/** Contract §2.4; newest PostHog adds settings/password fields, and an unsaved config has no created_at. */
export const SharingConfigurationSchema = z.looseObject({
  created_at: z.string().nullish(),
  enabled: z.boolean(),
  access_token: z.string().nullish(),
  settings: z.record(z.string(), z.unknown()).nullish(),
  password_required: z.boolean().nullish(),
});
export type SharingConfiguration = z.infer<typeof SharingConfigurationSchema>;
