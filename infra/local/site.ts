import { existsSync } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import { extname, join, normalize, resolve, sep } from 'node:path';
import type { RuntimeConfig } from '../../functions/shared/schemas/runtime-config';
import { isClientRoute, NOT_FOUND_FILE, prerenderedFileFor } from '../../web/src/prerender/pages';

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.webmanifest': 'application/manifest+json',
  '.txt': 'text/plain; charset=utf-8',
  '.woff2': 'font/woff2',
};

export interface SiteResponse {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
}

/** The same security headers CloudFront adds in AWS, with the emulator's origin allowed for auth calls. */
export function securityHeaders(authOrigin: string): Record<string, string> {
  return {
    'content-security-policy': [
      "default-src 'self'",
      "script-src 'self'",
      "style-src 'self' 'unsafe-inline'",
      "img-src 'self' data:",
      "font-src 'self' data:",
      `connect-src 'self' ${authOrigin}`,
      "frame-ancestors 'none'",
      "base-uri 'self'",
      "form-action 'self'",
      "object-src 'none'",
    ].join('; '),
    'x-content-type-options': 'nosniff',
    'x-frame-options': 'DENY',
    'referrer-policy': 'strict-origin-when-cross-origin',
  };
}

export function assertWebBuilt(distDir: string): void {
  if (!existsSync(join(distDir, 'index.html'))) {
    throw new Error(`The web app is not built (${join(distDir, 'index.html')} is missing). Run: npm run build:web`);
  }
}

/**
 * Serves the built SPA like the CloudFront distribution: files as they are, `/config.json` from the
 * runtime config, a public page's prerendered HTML (web/src/prerender/pages.ts) when the build has it, any
 * other client route as index.html (client-side routing), and a path no route matches as the prerendered not-found
 * page with status 404 (the shell, if the build has none). Missing files with an extension are a plain 404.
 */
export function createSiteHandler(options: {
  distDir: string;
  config: RuntimeConfig;
}): (path: string) => Promise<SiteResponse> {
  const root = resolve(options.distDir);
  const headers = securityHeaders(
    options.config.userPoolEndpoint ? new URL(options.config.userPoolEndpoint).origin : '',
  );
  return async (path) => {
    if (path === '/config.json') {
      return {
        status: 200,
        headers: { ...headers, 'content-type': CONTENT_TYPES['.json']!, 'cache-control': 'no-store' },
        body: Buffer.from(JSON.stringify(options.config)),
      };
    }
    let decoded: string;
    try {
      decoded = decodeURIComponent(path);
    } catch {
      return notFound(headers);
    }
    const file = normalize(join(root, decoded));
    if (file !== root && !file.startsWith(root + sep)) return notFound(headers);
    const isFile = await stat(file)
      .then((s) => s.isFile())
      .catch(() => false);
    if (isFile) return serveFile(file, headers);
    if (extname(decoded) !== '') return notFound(headers);
    const prerendered = prerenderedFileFor(decoded);
    if (prerendered && existsSync(join(root, prerendered))) return serveFile(join(root, prerendered), headers);
    if (isClientRoute(decoded)) return serveFile(join(root, 'index.html'), headers);
    const notFoundPage = existsSync(join(root, NOT_FOUND_FILE)) ? NOT_FOUND_FILE : 'index.html';
    return { ...(await serveFile(join(root, notFoundPage), headers)), status: 404 };
  };
}

async function serveFile(file: string, headers: Record<string, string>): Promise<SiteResponse> {
  const isHashedAsset = file.includes(`${sep}assets${sep}`);
  return {
    status: 200,
    headers: {
      ...headers,
      'content-type': CONTENT_TYPES[extname(file)] ?? 'application/octet-stream',
      'cache-control': isHashedAsset ? 'public, max-age=31536000, immutable' : 'no-cache',
    },
    body: await readFile(file),
  };
}

function notFound(headers: Record<string, string>): SiteResponse {
  return {
    status: 404,
    headers: { ...headers, 'content-type': 'text/plain; charset=utf-8' },
    body: Buffer.from('Not found'),
  };
}
