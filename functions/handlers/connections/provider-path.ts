import * as z from 'zod';
import { PROVIDER_TYPES } from '../../shared/schemas/activity';

/** `{provider}` in /api/connections/{provider}/…; anything else is a 400 with the spec's 'Unsupported provider'. */
export const ProviderPath = z.object({ provider: z.enum(PROVIDER_TYPES, { error: 'Unsupported provider' }) });
