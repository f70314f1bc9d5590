import { ROUTES } from '../../../functions/shared/routes';
import { FUZZ_SHARDS, fuzzRoutes, shardOf } from './fuzz-routes';

// The second half of ROUTES (see routes.test.ts): each file has its own tables and API host, so the two run in parallel.
fuzzRoutes(`fuzzing every HTTP route through the API host (shard 2 of ${FUZZ_SHARDS})`, shardOf(ROUTES, 1));
