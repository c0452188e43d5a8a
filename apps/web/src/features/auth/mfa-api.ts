/**
 * Two-factor enrolment's writes as RTK Query mutations over the app's base query (secure channel,
 * §8 toasts: a refusal has had its toast when `unwrap()` rejects): start an enrolment (a new
 * secret and its QR code), then confirm it with a code from the authenticator.
 */
import type { BodyOf, ResponseOf } from '@paydesk/contract';
import { api } from '../../store/api.ts';

const mfaApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** Starts (or starts again) an enrolment; resolves with the secret and its QR code. */
    mfaStart: build.mutation<ResponseOf<'mfaStart'>, void>({
      query: () => ({ name: 'mfaStart' }),
    }),
    /** Confirms the enrolment with a code; resolves with the recovery codes, shown once. */
    mfaConfirm: build.mutation<ResponseOf<'mfaConfirm'>, BodyOf<'mfaConfirm'>>({
      query: (body) => ({ name: 'mfaConfirm', body }),
    }),
  }),
});

export const { useMfaStartMutation, useMfaConfirmMutation } = mfaApi;
