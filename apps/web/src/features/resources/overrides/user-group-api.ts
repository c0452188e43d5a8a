/**
 * The user-group permission editor's write as an RTK Query mutation over the app's base query
 * (secure channel, §8 toasts): the whole permission set of a group at its Version. The caller's
 * options pass through, so that the editor can show a stale Version's CF409 message in place.
 */
import type { BodyOf, ResponseOf } from '@paydesk/contract';
import { api, type WriteArgs } from '../../../store/api.ts';

const userGroupApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** Saves a group's permissions; resolves with the group's permissions and catalogue as stored. */
    setUserGroupPermissions: build.mutation<ResponseOf<'setUserGroupPermissions'>, WriteArgs<BodyOf<'setUserGroupPermissions'>>>({
      query: ({ body, options }) => ({ name: 'setUserGroupPermissions', body, options }),
    }),
  }),
});

export const { useSetUserGroupPermissionsMutation } = userGroupApi;
