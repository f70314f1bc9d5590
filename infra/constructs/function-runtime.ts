import type { ISecret } from 'aws-cdk-lib/aws-secretsmanager';
import type { EnvSettings, EnvVar } from '../../functions/shared/env';
import type { SecretId } from '../../functions/shared/routes';

/** Settings every function gets, and the secrets a route may ask for by id (routes.ts `secrets`). */
export interface FunctionRuntime {
  environment: Readonly<EnvSettings>;
  secrets: Readonly<Record<SecretId, { envVar: EnvVar; secret: ISecret }>>;
}

/** The route's or job's secrets, resolved; an unknown id is a programming error caught at synth. */
export function secretsFor(
  runtime: FunctionRuntime | undefined,
  ids: readonly SecretId[] | undefined,
): { envVar: EnvVar; secret: ISecret }[] {
  if (!ids || ids.length === 0) return [];
  if (!runtime) throw new Error(`Secrets ${ids.join(', ')} were requested but no FunctionRuntime was given`);
  return ids.map((id) => runtime.secrets[id]);
}
