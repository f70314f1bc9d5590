import { ROUTES } from '../../../functions/shared/routes';
import { FUZZ_SHARDS, fuzzRoutes, shardOf } from './fuzz-routes';

// Every route of the shared list, whichever capability added it: new routes are attacked as soon as they land.
// The list is split over FUZZ_SHARDS files (this and routes-shard-*.test.ts) so test workers fuzz them side by side.
fuzzRoutes(`fuzzing every HTTP route through the API host (shard 1 of ${FUZZ_SHARDS})`, shardOf(ROUTES, 0));
