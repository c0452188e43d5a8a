// @vitest-environment node
/**
 * The shared file mutations (store/file-api.ts) over the app's own API client and a fake server
 * (real secure channel, test/fake-server.ts), on the app's store:
 *  - an accepted upload invalidates the tag its feature gave it, so the list that carries the tag
 *    is asked again (the merchant upload's recent uploads);
 *  - a refused upload shows the server's message once, leaves the cached list as it was and asks
 *    nothing again;
 *  - an export and a download answer the saved file's name, the client having saved its bytes.
 *
 * Node's environment, not jsdom: there FormData and File are jsdom's, which Node's Response (the
 * client serialises the form with it) cannot read; here the feature builds its form as a browser
 * would.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LIST_REPORTS, type ListReportDef, type ResponseOf } from '@paydesk/contract';
import { memoryChannelStore } from '../src/api/channel-store.ts';
import { createApiClient } from '../src/api/client.ts';
import { setApiClient } from '../src/api/index.ts';
import { TEMPLATE_DOWNLOAD, merchantFileUpload, type UploadSearchBody } from '../src/features/merchant-upload/merchant-upload-api.ts';
import { reportExport } from '../src/shared/report-api.ts';
import { api } from '../src/store/api.ts';
import { fileApi } from '../src/store/file-api.ts';
import { createStore } from '../src/store/index.ts';
import { fakeServer, type Answer, type SeenRequest } from './fake-server.ts';

const SEARCH = '/api/portal/MerchantUpload/Search';
const SUBMIT = '/api/portal/MerchantUpload';

type Page = ResponseOf<'merchantUploadSearch'>;

const upload = (id: number) => ({
  Id: id, FileName: 'merchants.xlsx', Status: 'QUEUED', TotalRows: 0, DoneRows: 0, CreatedCount: 0, ErrorCount: 0, CreatedIds: [], Errors: [],
  UploadedBy: 'ops@paydesk.test', CreatedAt: '2026-11-26T02:00:00.000Z', FinishedAt: null,
});

/**
 * A list carrying the merchant upload's tag, as its screen's list does: registered here so the
 * test reads its cache through a typed endpoint.
 */
const listApi = api.enhanceEndpoints({ addTagTypes: ['MerchantUpload'] }).injectEndpoints({
  endpoints: (build) => ({
    uploadsUnderTest: build.query<Page, UploadSearchBody>({
      query: (body) => ({ name: 'merchantUploadSearch', body }),
      providesTags: ['MerchantUpload'],
    }),
  }),
});

type ListState = Parameters<ReturnType<typeof listApi.endpoints.uploadsUnderTest.select>>[0];

const FIRST_PAGE: UploadSearchBody = { PageNumber: 1, PageSize: 10 };

/** The app's store and client over a fake server answering `handle`; Search answers the uploads made so far. */
function setup(handle: (req: SeenRequest) => Answer | undefined = () => undefined) {
  const made: object[] = [];
  const server = fakeServer((req) => {
    const own = handle(req);
    if (own) return own;
    if (req.path === SEARCH) return { body: { Items: made, TotalRecords: made.length } };
    if (req.path === SUBMIT) {
      made.push(upload(7));
      return { body: upload(7) };
    }
    return { status: 404, body: { ErrorCode: 'NF404', ErrorMessage: 'Not found' } };
  });
  const notify = vi.fn<(messages: string[]) => void>();
  const download = vi.fn<(blob: Blob, filename: string) => void>();
  setApiClient(
    createApiClient({
      baseUrl: '', publicIp: async () => null, channelStore: memoryChannelStore(), getToken: () => 'token', onTokenRenewed: () => {}, onSessionEnd: () => {},
      notify, download, fetch: server.fetch,
    }),
  );
  const store = createStore();
  const searches = () => server.seen.filter((r) => r.path === SEARCH).length;
  // The store's type knows the base api's tag types only; the cache is the same.
  const list = () => listApi.endpoints.uploadsUnderTest.select(FIRST_PAGE)(store.getState() as unknown as ListState);
  return { store, server, notify, download, searches, list };
}

const subscriptions: { unsubscribe: () => void }[] = [];

afterEach(() => {
  for (const s of subscriptions.splice(0)) s.unsubscribe();
});

const file = () => new File(['Name,Agent\nKedai,AG1\n'], 'merchants.xlsx');

describe('file mutations (store/file-api.ts)', () => {
  it("an accepted upload invalidates its feature's tag: the list carrying it is asked again", async () => {
    const { store, searches, list, server } = setup();
    subscriptions.push(store.dispatch(listApi.endpoints.uploadsUnderTest.initiate(FIRST_PAGE)));
    await vi.waitFor(() => expect(list().isSuccess).toBe(true));
    expect(list().data?.Items).toEqual([]);
    expect(searches()).toBe(1);

    const answer = await store.dispatch(fileApi.endpoints.upload.initiate(merchantFileUpload(file()))).unwrap();
    expect(answer).toMatchObject({ Id: 7, Status: 'QUEUED' });
    // Sent as the multipart form the feature built, to its route.
    const sent = server.seen.find((r) => r.path === SUBMIT)!;
    expect(sent.method).toBe('POST');
    expect(sent.headers['content-type']).toMatch(/^multipart\/form-data; boundary=/);

    await vi.waitFor(() => expect(searches()).toBe(2));
    await vi.waitFor(() => expect(list().data?.Items).toEqual([upload(7)]));
  });

  it('a refused upload shows the error once, keeps the cached list and asks nothing again', async () => {
    const refusal = { status: 400, body: { ErrorCode: 'VAL400', ErrorMessage: 'file: this is not the merchant template' } };
    const { store, searches, list, notify } = setup((req) => (req.path === SUBMIT ? refusal : undefined));
    subscriptions.push(store.dispatch(listApi.endpoints.uploadsUnderTest.initiate(FIRST_PAGE)));
    await vi.waitFor(() => expect(list().isSuccess).toBe(true));
    const before = list().data;

    await expect(store.dispatch(fileApi.endpoints.upload.initiate(merchantFileUpload(file()))).unwrap()).rejects.toEqual({ handled: true });
    expect(notify).toHaveBeenCalledTimes(1);
    expect(notify).toHaveBeenCalledWith(['file: this is not the merchant template']);

    // Whatever the middleware would do it has done by now: nothing was invalidated.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(searches()).toBe(1);
    expect(list().data).toBe(before);
    expect(list().status).toBe('fulfilled');
    expect(notify).toHaveBeenCalledTimes(1);
  });

  it("an export answers the saved file's name; the client saved its bytes", async () => {
    const def = LIST_REPORTS.find((d) => d.name === 'Payout') as ListReportDef;
    const csv = 'Reference,Amount\nPDB00000008,1500.50\n';
    const { store, server, download, notify } = setup((req) =>
      req.path.endsWith('/Export') ? { raw: csv, headers: { 'content-type': 'text/csv', 'content-disposition': `attachment; filename*=UTF-8''payout%20March.csv` } } : undefined,
    );
    const body = { SearchData: { DateFrom: '2026-03-01' }, Sort: { Field: 'CreatedAt', Order: 'desc' as const }, Format: 'csv' as const, Language: 'en' as const };

    const name = await store.dispatch(fileApi.endpoints.exportFile.initiate(reportExport(def, body))).unwrap();
    expect(name).toBe('payout March.csv');
    expect(download).toHaveBeenCalledTimes(1);
    const [blob, filename] = download.mock.calls[0]!;
    expect(filename).toBe('payout March.csv');
    expect(await blob.text()).toBe(csv);
    // The filters went over the secure channel as the body.
    expect(server.seen.find((r) => r.path.endsWith('/Export'))!.body).toEqual(body);
    expect(notify).not.toHaveBeenCalled();
  });

  it("a download answers the saved file's name", async () => {
    const { store, download } = setup((req) =>
      req.path === '/api/portal/MerchantUpload/Template'
        ? { raw: 'PK…', headers: { 'content-type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', 'content-disposition': 'attachment; filename="merchant-upload-template.xlsx"' } }
        : undefined,
    );
    expect(await store.dispatch(fileApi.endpoints.downloadFile.initiate(TEMPLATE_DOWNLOAD)).unwrap()).toBe('merchant-upload-template.xlsx');
    expect(download.mock.calls[0]![1]).toBe('merchant-upload-template.xlsx');
  });
});
