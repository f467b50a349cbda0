import {
  CSP_BLOCKED_MESSAGE,
  handleXlsxRequest,
  serveXlsxRequests,
  type XlsxWorkerScope,
} from './handle-xlsx-request';
import type { XlsxWorkbookInput } from './xlsx-table';
import type { XlsxBuildRequest, XlsxWorkerRequest, XlsxWorkerResponse } from './xlsx-worker-protocol';
import { waitUntil } from '../../../test/wait-until';

const workbook: XlsxWorkbookInput = {
  table: { name: 'T', columns: [{ header: 'ID', type: 'number' }], rows: [[1], [2]] },
};

/** A worker scope that records what the worker posts. */
function fakeScope() {
  const posted: XlsxWorkerResponse[] = [];
  let onViolation: ((event: SecurityPolicyViolationEvent) => void) | null = null;
  const scope: XlsxWorkerScope = {
    onmessage: null,
    postMessage: (message) => posted.push(message),
    addEventListener: (_type, listener) => {
      onViolation = listener;
    },
  };
  /** A workbook as export-xlsx sends it: begin, its rows in two pieces, end. */
  const send = ({ id, workbook: book }: XlsxBuildRequest) => {
    const post = (data: XlsxWorkerRequest) => scope.onmessage?.(new MessageEvent('message', { data }));
    const { rows } = book.table;
    post({ id, kind: 'begin', workbook: { ...book, table: { ...book.table, rows: [] } } });
    post({ id, kind: 'rows', rows: rows.slice(0, 1) });
    post({ id, kind: 'rows', rows: rows.slice(1) });
    post({ id, kind: 'end' });
  };
  const violate = (effectiveDirective: string, blockedURI: string) =>
    onViolation?.({ effectiveDirective, blockedURI } as SecurityPolicyViolationEvent);
  return { scope, posted, send, violate };
}

describe('handleXlsxRequest', () => {
  it('answers with the file, or with the error message, under the request id', async () => {
    const ok = await handleXlsxRequest({ id: 7, workbook });
    expect(ok).toMatchObject({ id: 7 });
    expect('blob' in ok && ok.blob.size).toBeGreaterThan(0);
    expect(
      await handleXlsxRequest({ id: 8, workbook: { table: { ...workbook.table, columns: [] } } }),
    ).toEqual({
      id: 8,
      error: 'An Excel export needs at least one column.',
    });
  });
});

describe('serveXlsxRequests', () => {
  it('posts the built file for each request', async () => {
    const { scope, posted, send } = fakeScope();
    serveXlsxRequests(scope);
    send({ id: 1, workbook });
    await waitUntil(() => expect(posted).toHaveLength(1));
    expect(posted[0]).toMatchObject({ id: 1 });
    expect(posted[0] && 'blob' in posted[0]).toBe(true);
  });

  it('fails the request at once when a CSP blocks the compression worker, and only once', async () => {
    const { scope, posted, send, violate } = fakeScope();
    serveXlsxRequests(scope);
    send({ id: 2, workbook });
    violate('worker-src', 'blob');
    expect(posted).toEqual([{ id: 2, error: CSP_BLOCKED_MESSAGE }]);
    // The build that was running does not answer a second time.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(posted).toHaveLength(1);
  });

  it('ignores other violations', () => {
    const { scope, posted, send, violate } = fakeScope();
    serveXlsxRequests(scope);
    send({ id: 3, workbook });
    violate('img-src', 'https://example.org');
    violate('worker-src', 'https://cdn.example.org/w.js');
    expect(posted).toEqual([]);
  });
});
