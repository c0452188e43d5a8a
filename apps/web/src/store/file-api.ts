/**
 * File transfers and the few plain posts that used to call the API client directly, as RTK Query
 * mutations over the app's `api` (store/api.ts), so that every write of the app takes one data
 * path: the client's secure channel, headers and §8 handling (one toast per failure, unless the
 * caller asked for `silent` or claimed the failure; `unwrap()` then rejects with
 * `{handled: true}`), and the tags of the views it changes, asked again once it succeeded.
 *
 *  - `upload`: a multipart POST (not encrypted, signed over its bytes, §7) to a contract route or a
 *    generated path. There is no progress callback: the client sends with `fetch`, which reports
 *    no upload progress, so the screens' progress bars follow the server's job (polled) as before.
 *  - `downloadFile` (GET) and `exportFile` (POST with the list's filters): the client saves the
 *    file under the server's name, as it did, and the mutation answers that name.
 *  - `tokenCheck`, `tokenSetPassword` (the public set-password page, before any session),
 *    `forgotPassword` (the public page asking for a reset link) and
 *    `messageTemplatePreview`: typed posts through the base query. The token check is a read, but
 *    a mutation: the page wants the server's refusal lines (`onFailure`) and a fresh check each
 *    visit, not a cached answer.
 *
 * Features keep the knowledge of their routes: they build the arguments (`routeUpload`,
 * `pathUpload`, `fileForm`) with the tags their lists carry, and run them with the hooks here.
 */
import { useCallback } from 'react';
import type { BodyOf, ResponseOf } from '@paydesk/contract';
import { apiClient } from '../api/index.ts';
import type { RequestOptions, RouteOf } from '../api/client.ts';
import { api, handled, type ViewTag, type WriteArgs, type WriteOptions } from './api.ts';

/** `:Name` segments of a route's path. */
type Params = Record<string, string | number>;

interface UploadFields {
  /** The multipart body, fields in the order the server reads them (`fileForm`). */
  form: FormData;
  params?: Params;
  options?: WriteOptions;
  /** The views the upload changes: asked again once it succeeded (a refused file changed nothing). */
  invalidates?: readonly ViewTag[];
}

/** An upload to a contract route (`name`) or to a path the server generates per declaration. */
export type UploadArgs = UploadFields & ({ name: RouteOf<'POST'>; path?: never } | { path: string; name?: never });

/**
 * An upload whose answer is a `T`: `answer` is never set, it only carries the type from the
 * builder (`routeUpload`, `pathUpload`) to `useUpload`'s promise.
 */
export type Upload<T> = UploadArgs & { readonly answer?: T };

/** A file saved by the client from a GET route (template, document, batch file). */
export interface DownloadArgs {
  name: RouteOf<'GET'>;
  params?: Params;
}

/** A file saved by the client from a POST (a list's export: its filters, sort, format, language). */
export type ExportArgs = { body: unknown; options?: WriteOptions } & ({ name: RouteOf<'POST'>; path?: never } | { path: string; name?: never });

/** The client's options of a call: none when nothing was given (the client's defaults apply). */
function requestOf(params: Params | undefined, options: WriteOptions | undefined): RequestOptions | undefined {
  if (params === undefined && options === undefined) return undefined;
  return params === undefined ? { ...options } : { ...options, params };
}

// Tag types widened to `string`: an upload invalidates the tags its feature passes along, whose
// types that feature registered with its own `enhanceEndpoints` (the one list of the same `api`).
export const fileApi = api.enhanceEndpoints<string>({}).injectEndpoints({
  endpoints: (build) => ({
    /** Sends a multipart form; answers the route's answer (typed by `useUpload`). */
    upload: build.mutation<unknown, UploadArgs>({
      queryFn: ({ name, path, form, params, options }) => {
        const client = apiClient();
        const request = requestOf(params, options);
        return handled(() => (name !== undefined ? client.postMultipart(name, form, request) : client.path.postMultipart(path, form, request)));
      },
      invalidatesTags: (_result, error, { invalidates }) => (error ? [] : [...(invalidates ?? [])]),
    }),
    /** Saves the file of a GET route; answers its file name. */
    downloadFile: build.mutation<string, DownloadArgs>({
      queryFn: ({ name, params }) => {
        const client = apiClient();
        // Without params the client is asked as before: by the route's name alone.
        return handled(() => (params === undefined ? client.getFile(name) : client.getFile(name, { params })));
      },
    }),
    /** Saves the export file a POST answers; answers its file name. */
    exportFile: build.mutation<string, ExportArgs>({
      queryFn: ({ name, path, body, options }) => {
        const client = apiClient();
        const request = requestOf(undefined, options);
        return handled(() => (name !== undefined ? client.postFile(name, body as never, request) : client.path.postFile(path, body, request)));
      },
    }),
    /** Whose invitation or reset link a token is, and the live password policy. */
    tokenCheck: build.mutation<ResponseOf<'tokenCheck'>, WriteArgs<BodyOf<'tokenCheck'>>>({
      query: ({ body, options }) => ({ name: 'tokenCheck', body, options }),
    }),
    /** Sets the password with an invitation or reset link (once). */
    tokenSetPassword: build.mutation<ResponseOf<'tokenSetPassword'>, WriteArgs<BodyOf<'tokenSetPassword'>>>({
      query: ({ body, options }) => ({ name: 'tokenSetPassword', body, options }),
    }),
    /** Asks for a password reset link by e-mail; the same answer whether or not the account exists. */
    forgotPassword: build.mutation<ResponseOf<'forgotPassword'>, WriteArgs<BodyOf<'forgotPassword'>>>({
      query: ({ body, options }) => ({ name: 'forgotPassword', body, options }),
    }),
    /** A message template body rendered with sample values (changes nothing). */
    messageTemplatePreview: build.mutation<ResponseOf<'messageTemplatePreview'>, WriteArgs<BodyOf<'messageTemplatePreview'>>>({
      query: ({ body, options }) => ({ name: 'messageTemplatePreview', body, options }),
    }),
  }),
});

export const {
  useUploadMutation,
  useDownloadFileMutation,
  useExportFileMutation,
  useTokenCheckMutation,
  useTokenSetPasswordMutation,
  useForgotPasswordMutation,
  useMessageTemplatePreviewMutation,
} = fileApi;

/**
 * A multipart body: the named text `fields` first (in their order), then the file as `file`, as
 * every upload route of the server reads it.
 */
export function fileForm(file: File, fields: Record<string, string> = {}): FormData {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  form.append('file', file, file.name);
  return form;
}

/** An upload to contract route `name`, answered with that route's response. */
export function routeUpload<N extends RouteOf<'POST'>>(name: N, form: FormData, more: Omit<UploadFields, 'form'> = {}): Upload<ResponseOf<N>> {
  return { ...more, name, form };
}

/** An upload to a generated path (resource engine), answered with a `T`. */
export function pathUpload<T>(path: string, form: FormData, more: Omit<UploadFields, 'form'> = {}): Upload<T> {
  return { ...more, path, form };
}

/**
 * The upload mutation with its answer typed by the argument's builder: `send(args)` resolves with
 * the answer, or rejects with `{handled: true}` once the failure was shown (or claimed by the
 * caller's `silent`); `state` is the hook's (e.g. `isLoading`).
 */
export function useUpload() {
  const [trigger, state] = useUploadMutation();
  const send = useCallback(<T,>(args: Upload<T>): Promise<T> => trigger(args).unwrap() as Promise<T>, [trigger]);
  return [send, state] as const;
}
