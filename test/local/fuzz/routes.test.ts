import { ROUTES } from '../../../functions/shared/routes';
import { fuzzRoutes } from './fuzz-routes';

// Every route of the shared list, whichever capability added it: new routes are attacked as soon as they land.
fuzzRoutes('fuzzing every HTTP route through the API host', ROUTES);
