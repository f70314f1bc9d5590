import { httpRoute } from '../http-route';
import { GroupActivityInput } from '../../shared/schemas/group-activities';
import { createGroupActivity } from '../../usecases/group-activities';

/** POST /api/group-activities — create an activity; the caller organises it and takes the first seat. */
export const handler = httpRoute({ body: GroupActivityInput, successStatus: 201 }, async ({ caller, body, now }) =>
  createGroupActivity(caller.userId, body, now),
);
