import { z } from 'zod/mini';
import { lazily } from '../../platform/lazy';

/** Contract §2.4; newest PostHog adds settings/password fields, and an unsaved config has no created_at. */
export const SharingConfigurationSchema = lazily(() =>
  z.looseObject({
    created_at: z.nullish(z.string()),
    enabled: z.boolean(),
    access_token: z.nullish(z.string()),
    settings: z.nullish(z.record(z.string(), z.unknown())),
    password_required: z.nullish(z.boolean()),
  }),
);
export type SharingConfiguration = z.infer<typeof SharingConfigurationSchema>;
