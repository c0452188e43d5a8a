import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MESSAGES, classifyFailure, isErrorBody, splitMessage } from '../src/api/failure.ts';

const response = (body: unknown, status = 400) => classifyFailure({ kind: 'response', status, body });

describe('classifyFailure (§8)', () => {
  it.each(['SC499', 'SC440'])('%s ends the session with its ErrorMessage', (code) => {
    expect(response({ ErrorCode: code, ErrorMessage: 'Session expired, please sign in' }, 401)).toEqual({
      endSession: true,
      code,
      messages: ['Session expired, please sign in'],
      body: { ErrorCode: code, ErrorMessage: 'Session expired, please sign in' },
    });
  });

  it.each(['SC499', 'SC440'])('%s without a message says Unexpected Error', (code) => {
    expect(response({ ErrorCode: code }, 401)).toEqual({ endSession: true, code, messages: ['Unexpected Error'], body: { ErrorCode: code } });
    expect(response({ ErrorCode: code, ErrorMessage: '' }, 401).messages).toEqual(['Unexpected Error']);
  });

  it('other codes keep the session and show ErrorMessage', () => {
    expect(response({ ErrorCode: 'AUTH401', ErrorMessage: 'Invalid email or password' }, 401)).toEqual({
      endSession: false,
      code: 'AUTH401',
      messages: ['Invalid email or password'],
      body: { ErrorCode: 'AUTH401', ErrorMessage: 'Invalid email or password' },
    });
  });

  it('keeps the whole error body for callers that read more than the message (per-row upload errors)', () => {
    const body = { ErrorCode: 'VAL400', ErrorMessage: '1 row(s) have errors; nothing was applied', Errors: [{ Row: 2, Field: 'CurrencyCode', Message: 'already exists' }] };
    expect(response(body).body).toEqual(body);
  });

  it("other codes without a message say 'Default Unexpected'", () => {
    expect(response({ ErrorCode: 'VAL400' }).messages).toEqual(['Default Unexpected']);
    expect(response({ ErrorCode: 'SRV500', ErrorMessage: '   ' }, 500).messages).toEqual(['Default Unexpected']);
  });

  it('a response with ErrorCode is an error whatever its status; one without falls back', () => {
    expect(isErrorBody({ ErrorCode: 'CF409', ErrorMessage: 'x' })).toBe(true);
    expect(isErrorBody({ ErrorCode: '' })).toBe(false);
    expect(isErrorBody([])).toBe(false);
    expect(response({ ErrorCode: 'CF409', ErrorMessage: 'Already exists' }, 200).messages).toEqual(['Already exists']);
    expect(response('<html>Bad gateway</html>', 502)).toEqual({ endSession: false, code: null, messages: ['Default Unexpected'] });
    expect(response(undefined, 500).endSession).toBe(false);
  });

  it('a password-policy message with a blank line becomes several lines of one toast', () => {
    const message = 'Password does not meet the policy:\n\nAt least 12 characters\nOne upper-case letter\nOne digit';
    expect(response({ ErrorCode: 'VAL400', ErrorMessage: message }).messages).toEqual([
      'Password does not meet the policy:',
      'At least 12 characters',
      'One upper-case letter',
      'One digit',
    ]);
  });

  it('only a blank line together with the word Password splits a message', () => {
    expect(splitMessage('Line one\nLine two about Password')).toEqual(['Line one\nLine two about Password']);
    expect(splitMessage('Account locked\n\nTry again at 10:30')).toEqual(['Account locked\n\nTry again at 10:30']);
    expect(splitMessage('New Password rules\r\n\r\nEight characters')).toEqual(['New Password rules', 'Eight characters']);
  });

  it('transport errors read exactly as specified', () => {
    expect(classifyFailure({ kind: 'aborted' }).messages).toEqual(['Request aborted']);
    expect(classifyFailure({ kind: 'network' }).messages).toEqual(['Network Error']);
    expect(classifyFailure({ kind: 'timeout', timeoutMs: 30000 }).messages).toEqual(['timeout of 30000 ms exceeded']);
    expect(MESSAGES.timeout(5000)).toBe('timeout of 5000 ms exceeded');
    for (const kind of ['aborted', 'network'] as const) expect(classifyFailure({ kind }).endSession).toBe(false);
  });

  it('carries the failed request\'s reference (RequestId) for the toast, whatever the code, and none when the body has none', () => {
    fc.assert(
      fc.property(fc.constantFrom('SC499', 'VAL400', 'SRV500', 'PERM403'), fc.option(fc.uuid(), { nil: undefined }), fc.integer({ min: 400, max: 599 }), (code, id, status) => {
        const v = response({ ErrorCode: code, ErrorMessage: 'Refused', ...(id === undefined ? {} : { RequestId: id }) }, status);
        expect(v.reference).toBe(id);
      }),
    );
    expect(response({ ErrorCode: 'VAL400', ErrorMessage: 'x', RequestId: '' }).reference).toBeUndefined();
    expect(classifyFailure({ kind: 'network' }).reference).toBeUndefined();
  });
});
