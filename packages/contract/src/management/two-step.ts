import { z } from 'zod';
import { OkResponseSchema } from '../common.js';
import { route } from '../route.js';

/**
 * An operator's reset of a person's two-step verification, for someone who lost their
 * authenticator app and their recovery codes: both are removed, so their next sign-in is one step
 * again (where the project requires two-step verification, that sign-in asks them to add an app).
 */
export const managementTwoStepRoutes = {
  reset: route({
    method: 'post',
    path: '/v1/users/{user_id}/two_step/reset',
    summary: "Removes a user's authenticator app and recovery codes (two-step verification off); sign-ins under way for the second step end.",
    tag: 'Management: users',
    auth: 'management',
    params: z.strictObject({ user_id: z.string().min(1).max(256) }),
    response: OkResponseSchema,
    errors: ['user_not_found', 'totp_not_enabled', 'reauthentication_required'],
  }),
};
