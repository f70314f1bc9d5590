/**
 * `TABLE_ACTIVITIES=<the stage's activities table> npm run migrate:activity-order-keys`, once, after deploying the
 * activity list's order indexes to a stage that already held activities (README: Deploying to AWS). Uses the AWS
 * credentials and region of the environment; safe to run again (it only touches items that lack the keys).
 */
import { addMissingActivityOrderKeys } from '../../functions/repositories/activities';

const updated = await addMissingActivityOrderKeys();
console.log(`${updated} activities got their order keys.`);
