import { describe, expect, it } from 'vitest';
import { CONTENT_SECURITY_POLICY, contentSecurityPolicyHeader } from '../content-security-policy';
import { readSettings, renderFiles } from './render';

const UPSTREAM = { PARTNER_API_UPSTREAM: 'https://api.example.com/' };

/** Each `location … { … }` block of a rendered nginx.conf, braces balanced. */
function locationBlocks(conf: string): string[] {
  const blocks: string[] = [];
  for (const match of conf.matchAll(/^\s*location\b[^{]*\{/gm)) {
    let depth = 0;
    for (let i = match.index + match[0].length - 1; i < conf.length; i += 1) {
      if (conf[i] === '{') depth += 1;
      else if (conf[i] === '}' && --depth === 0) {
        blocks.push(conf.slice(match.index, i + 1));
        break;
      }
    }
  }
  return blocks;
}

describe('the Content Security Policy', () => {
  it('is the meta tag’s policy in the header, plus frame-ancestors, which a meta tag cannot carry', () => {
    expect(contentSecurityPolicyHeader()).toBe(`${CONTENT_SECURITY_POLICY}; frame-ancestors 'none'`);
    // Chromium ignores these in a meta tag and logs an error for each.
    expect(CONTENT_SECURITY_POLICY).not.toMatch(/frame-ancestors|report-uri|sandbox/);
    expect(contentSecurityPolicyHeader({ reportUri: 'http://127.0.0.1:9/csp' })).toBe(
      `${CONTENT_SECURITY_POLICY}; frame-ancestors 'none'; report-uri http://127.0.0.1:9/csp`,
    );
  });

  it('lets the workbook export start its nested blob: worker', () => {
    expect(CONTENT_SECURITY_POLICY).toContain("worker-src 'self' blob:");
  });
});

describe('the nginx configuration rendered from the environment', () => {
  it('needs the upstream, and defaults the rest for a local run', () => {
    expect(() => readSettings({}, '/srv/app')).toThrow(/PARTNER_API_UPSTREAM is required/);
    expect(readSettings(UPSTREAM, '/srv/app')).toEqual({
      listen: '8080',
      distDir: '/srv/app/dist',
      partnerApiUpstream: 'https://api.example.com',
      apiBaseUrl: '/partner-api',
      outDir: '/srv/app/deploy/nginx/rendered',
      confDir: '/srv/app/deploy/nginx/rendered',
      runDir: '/tmp/promoter-dashboard-nginx',
      mimeTypes: '/etc/nginx/mime.types',
      caCertificates: '/etc/ssl/certs/ca-certificates.crt',
      accessLog: '/tmp/promoter-dashboard-nginx/access.log',
      cspReportUri: undefined,
    });
    // Relative paths are the operator's working directory's, like DIST_DIR's.
    expect(readSettings({ ...UPSTREAM, NGINX_RUN_DIR: 'run', DIST_DIR: 'build' }, '/srv/app')).toMatchObject({
      runDir: '/srv/app/run',
      distDir: '/srv/app/build',
      accessLog: '/srv/app/run/access.log',
    });
  });

  it('refuses a value that could end a directive or add one', () => {
    for (const env of [
      { PARTNER_API_UPSTREAM: 'https://api.example.com/; return 200 x' },
      { PARTNER_API_UPSTREAM: 'https://api.example.com/?q=1' },
      { PARTNER_API_UPSTREAM: 'file:///etc/passwd' },
      { PARTNER_API_UPSTREAM: 'https://user:secret@api.example.com' },
      { ...UPSTREAM, LISTEN: '8080; include /etc/passwd' },
      { ...UPSTREAM, DIST_DIR: '/srv/dist; autoindex on' },
      { ...UPSTREAM, NGINX_RUN_DIR: '/tmp/a b' },
      { ...UPSTREAM, API_BASE_URL: 'api.example.com' },
      { ...UPSTREAM, CSP_REPORT_URI: "https://r.example.com/' always; add_header X 1" },
    ]) {
      expect(() => readSettings(env, '/srv/app'), JSON.stringify(env)).toThrow();
    }
  });

  it('fills every placeholder, and every location sends the security headers itself', async () => {
    const settings = readSettings(
      { ...UPSTREAM, LISTEN: '127.0.0.1:8081', NGINX_CONF_DIR: '/etc/nginx/promoter-dashboard' },
      '/srv/app',
    );
    const files = await renderFiles(settings);
    const conf = files['nginx.conf']!;
    expect(conf).not.toMatch(/\$\{/);
    expect(conf).toContain('listen 127.0.0.1:8081;');
    expect(conf).toContain('proxy_pass https://api.example.com/;');
    const blocks = locationBlocks(conf);
    expect(blocks.length).toBeGreaterThanOrEqual(7);
    for (const block of blocks) {
      expect(block).toContain('include /etc/nginx/promoter-dashboard/security-headers.conf;');
    }
    // No add_header outside the locations: it would be dropped in every one that adds its own.
    const outside = locationBlocks(conf).reduce((rest, block) => rest.replace(block, ''), conf);
    expect(outside).not.toMatch(/^\s*add_header/m);
    expect(files['security-headers.conf']).toContain(
      `add_header Content-Security-Policy "${contentSecurityPolicyHeader()}" always;`,
    );
  });

  it('writes config.json with the API address the operator gives', async () => {
    const direct = readSettings({ ...UPSTREAM, API_BASE_URL: 'https://api.example.com' }, '/srv/app');
    expect(JSON.parse((await renderFiles(direct))['config.json']!)).toEqual({
      apiBaseUrl: 'https://api.example.com',
    });
    const ask = readSettings({ ...UPSTREAM, API_BASE_URL: '' }, '/srv/app');
    expect(JSON.parse((await renderFiles(ask))['config.json']!)).toEqual({ apiBaseUrl: '' });
  });
});
