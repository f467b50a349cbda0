import { readServerConfig } from './config';

describe('readServerConfig', () => {
  it('defaults to loopback port 4010 with CORS', () => {
    expect(readServerConfig({})).toMatchObject({ port: 4010, host: '127.0.0.1', cors: true });
  });

  it('reads every MOCK_* variable', () => {
    const config = readServerConfig({
      PORT: '0',
      HOST: '::1',
      MOCK_LATENCY_MS: '250',
      MOCK_MAX_PER_PAGE: '200',
      MOCK_DEFAULT_PER_PAGE: '25',
      MOCK_FIRST_PAGE: '0',
      MOCK_PAGE_META: '1',
      MOCK_CORS: '0',
      MOCK_FORBIDDEN_STATUS: '403',
      MOCK_TODAY: '2026-01-15',
    });
    expect(config).toEqual({
      port: 0,
      host: '::1',
      cors: false,
      latencyMs: 250,
      maxPerPage: 200,
      defaultPerPage: 25,
      firstPage: 0,
      includePageMeta: true,
      forbiddenStatus: 403,
      today: '2026-01-15',
    });
  });

  it('fails loudly on a bad value instead of ignoring it', () => {
    expect(() => readServerConfig({ MOCK_FIRST_PAGE: '2' })).toThrow(/MOCK_FIRST_PAGE/);
    expect(() => readServerConfig({ MOCK_CORS: 'maybe' })).toThrow(/MOCK_CORS/);
    expect(() => readServerConfig({ PORT: 'abc' })).toThrow(/PORT/);
    expect(() => readServerConfig({ MOCK_FORBIDDEN_STATUS: '401' })).toThrow(/403, 404/);
  });
});
