import { api, apiBaseQuery } from '../api/base-api';
import type { Schemas } from '../api/schemas';
import { clearAuth, mayHaveSession, storedToken } from '../lib/auth-storage';
import { isApiError, type ApiError } from '../lib/errors';
import type { AuthResponse, LoginResponse, User } from './types';

export type SignupInput = Schemas['SignupDto'];

export const authApi = api.injectEndpoints({
  endpoints: (build) => ({
    /**
     * docs/product.md §7: with a stored token a non-OK answer is 'Invalid token' and clears storage; on the cookie
     * path it is 'Not authenticated'; a 401 becomes "no user" rather than an error. With neither a stored
     * token nor the session marker cookie there is no one to ask about: no user, without a request.
     */
    getCurrentUser: build.query<User | null, void>({
      async queryFn(_arg, queryApi, extraOptions) {
        if (!mayHaveSession()) return { data: null };
        const hadToken = storedToken() !== null;
        const result = await apiBaseQuery('/api/auth/user', queryApi, extraOptions);
        if (!result.error) return { data: result.data as User };
        if (hadToken) clearAuth();
        if (result.error.status === 401) return { data: null };
        const error: ApiError = {
          ...result.error,
          message: hadToken ? 'Invalid token' : 'Not authenticated',
        };
        return { error };
      },
      providesTags: ['User'],
    }),
    signup: build.mutation<AuthResponse, SignupInput>({
      query: (body) => ({ url: '/api/auth/signup', method: 'POST', body }),
    }),
    login: build.mutation<LoginResponse, Schemas['LoginDto']>({
      query: (body) => ({ url: '/api/auth/login', method: 'POST', body }),
    }),
    loginWithCode: build.mutation<AuthResponse, Schemas['TwoFactorLoginDto']>({
      query: (body) => ({ url: '/api/auth/login/2fa', method: 'POST', body }),
    }),
    /** Whether this server can send email: without it, no reset link or confirmation can be sent. */
    authOptions: build.query<Schemas['AuthOptionsDto'], void>({
      query: () => '/api/auth/options',
    }),
    requestPasswordReset: build.mutation<Schemas['AuthMessageDto'], Schemas['PasswordResetRequestDto']>({
      query: (body) => ({ url: '/api/auth/password-reset', method: 'POST', body }),
    }),
    resetPassword: build.mutation<Schemas['AuthMessageDto'], Schemas['PasswordResetDto']>({
      query: (body) => ({ url: '/api/auth/password-reset/confirm', method: 'POST', body }),
    }),
    sendEmailVerification: build.mutation<Schemas['AuthMessageDto'], void>({
      query: () => ({ url: '/api/auth/email-verification', method: 'POST' }),
    }),
    verifyEmail: build.mutation<Schemas['AuthMessageDto'], Schemas['EmailVerificationDto']>({
      query: (body) => ({ url: '/api/auth/email-verification/confirm', method: 'POST', body }),
      invalidatesTags: ['User'],
    }),
  }),
});

export const {
  useGetCurrentUserQuery,
  useSignupMutation,
  useLoginMutation,
  useLoginWithCodeMutation,
  useAuthOptionsQuery,
  useRequestPasswordResetMutation,
  useResetPasswordMutation,
  useSendEmailVerificationMutation,
  useVerifyEmailMutation,
} = authApi;
export { isApiError };
