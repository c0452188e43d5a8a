/**
 * The signed-in user's password over the app's base query (secure channel, §8 toasts unless the
 * caller asks for `silent`): the live password policy for the form's hints, and the change itself.
 */
import type { BodyOf, ResponseOf } from '@paydesk/contract';
import { api, type WriteArgs } from '../../store/api.ts';

const passwordApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** The live policy (PASSWORD_MIN_LENGTH, PASSWORD_REQUIRE_SYMBOL and the maximum length). */
    passwordPolicy: build.query<ResponseOf<'passwordPolicy'>, void>({
      query: () => ({ name: 'passwordPolicy' }),
      // An administrator may change the policy: asked again on every visit.
      keepUnusedDataFor: 0,
    }),
    /** Changes the password; the server ends the user's other sessions. */
    changePassword: build.mutation<ResponseOf<'changePassword'>, WriteArgs<BodyOf<'changePassword'>>>({
      query: ({ body, options }) => ({ name: 'changePassword', body, options }),
    }),
  }),
});

export const { usePasswordPolicyQuery, useChangePasswordMutation } = passwordApi;
