import { START_BUNDLE_ATTRIBUTE } from '@curator/shared/contract';
import { firstReadsOf, isScreenRoute, workspaceAudioIdOf } from '@curator/shared/domain';
import type { NestExpressApplication } from '@nestjs/platform-express';

import { AnalysisResultsRepository } from '../analysis/analysis-results.repository';
import { isSecureRequest } from '../common/secure-request';
import { SESSION_COOKIE_NAME, setSessionCookie } from '../common/session-cookie';
import type { PageHead } from '../common/static-assets';
import type { AppConfig } from '../config/env.schema';
import { SessionsService } from '../sessions/sessions.service';
import { MfeConfigService, type StartFile } from './mfe-config.service';

/** The id of the element that carries the page's boot data (shell/src/features/screens/boot-data.ts). */
export const BOOT_DATA_ID = 'curator-boot';

/** JSON inside a <script> element: nothing in it may close the element or open a comment. */
const scriptSafeJson = (value: unknown) =>
  JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
const attribute = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;');

/**
 * The head of every page the shell serves, so that the current screen starts at once: the remote map
 * and the signed-in user (the answers of GET /api/mfe-config/ and GET /api/me/) as JSON, and, for a
 * signed-in user, preload links for the API reads the page's screen starts with (domain/first-reads.ts),
 * on a workspace page for the audio's peaks file too (the waveform is drawn from it first; the screen
 * learns its address only from the audio's read, once its own code has run), and for the screen's files
 * (its manifest, entry, and the files of its './app', or its start bundle), fetched while the shell's own scripts
 * load.
 */
export function pageHead(app: NestExpressApplication, config: AppConfig): PageHead {
  const screens = app.get(MfeConfigService);
  const sessions = app.get(SessionsService);
  const analysisResults = app.get(AnalysisResultsRepository);
  return async (req, res) => {
    const token: unknown = req.cookies?.[SESSION_COOKIE_NAME];
    const signedIn = typeof token === 'string' && token !== '';
    const audioId = signedIn ? workspaceAudioIdOf(req.path) : null;
    const [remotes, session, peaksUrl] = await Promise.all([
      screens.readRemotes(),
      signedIn ? sessions.resolve(token) : null,
      // Read beside the session rather than after it; used only if the session holds.
      audioId === null ? null : analysisResults.findPeaksUrl(audioId).catch(() => null),
    ]);
    if (session?.extended) setSessionCookie(res, token as string, session.expiresAt, isSecureRequest(config, req));
    const me = session?.user ? { username: session.user.username, admin: session.user.admin } : null;
    const screen = me ? remotes.find((r) => isScreenRoute(r.routes, req.path)) : undefined;
    const files = screen ? await screens.readStartFiles(screen.entry) : [];
    const search = req.originalUrl.includes('?') ? req.originalUrl.slice(req.originalUrl.indexOf('?')) : '';
    // The reads go first in the page: the API answers them while the browser fetches the files.
    const reads = screen
      ? [...firstReadsOf(req.path, search).map((path) => `/api/${path}`), ...(peaksUrl ? [peaksUrl] : [])].map(
          (href): StartFile => ({ href, as: 'fetch' }),
        )
      : [];
    // The screen's start bundle runs after the shell's scripts (deferred scripts run in the page's order), before the
    // screen's code asks for the files in it; the shell's federation runtime reads its mark (START_BUNDLE_ATTRIBUTE).
    const link = ({ href, as, bundleOf }: StartFile) =>
      bundleOf
        ? `<script defer src="${attribute(href)}" fetchpriority="high" ${START_BUNDLE_ATTRIBUTE}="${attribute(bundleOf)}"></script>`
        : as === 'fetch'
          ? `<link rel="preload" href="${attribute(href)}" as="fetch" crossorigin="anonymous">`
          : `<link rel="preload" href="${attribute(href)}" as="${as}">`;
    return {
      first: reads.map(link).join(''),
      last: [
        `<script id="${BOOT_DATA_ID}" type="application/json">${scriptSafeJson({ remotes, me })}</script>`,
        ...files.map(link),
      ].join(''),
    };
  };
}
