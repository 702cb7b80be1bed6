import type { EngineErrorCode } from '../engine.js';

/** What a failed yt-dlp run means for the client: a stable code and a sentence of our own. */
export interface Classified {
  code: EngineErrorCode;
  message: string;
}

interface Rule {
  test: RegExp;
  code: EngineErrorCode;
  message: string;
}

/**
 * yt-dlp's (and its Python's and ffmpeg's) error text, read in this order: the first rule that
 * matches wins, so the narrower readings come before the broader ones ("HTTP Error 404" inside
 * "Unable to download webpage", "not available in your country" inside "Video unavailable").
 * The text itself never reaches the client: only the code and the sentence of the rule.
 */
const RULES: readonly Rule[] = [
  // Conversion and merging after the download: ffmpeg's part.
  {
    test: /Postprocessing:|ffmpeg exited with code|ffprobe and ffmpeg not found|ffmpeg not found|Conversion failed|Error (?:opening|while) (?:input|output|decoding|encoding)|Invalid data found when processing input/i,
    code: 'DOWNLOAD_FAILED',
    message: 'The media was fetched but could not be converted.',
  },
  {
    test: /File is larger than max-filesize/i,
    code: 'TOO_LARGE',
    message: 'The media is larger than this server accepts.',
  },
  // The link itself: no extractor of the platform takes it.
  {
    test: /Unsupported URL|No suitable extractor found|is not a valid URL/i,
    code: 'UNSUPPORTED_URL',
    message: 'That link is not one the downloader can read (a video, post or track page is needed).',
  },
  // Geo before "unavailable": YouTube says "Video unavailable. … not made this video available in your country".
  {
    test: /not (?:made this video )?available (?:in|from) your (?:country|location)|geo[- ]?restrict|blocked (?:it )?in your country|not available in your region/i,
    code: 'NOT_FOUND_AT_SOURCE',
    message: 'The platform does not offer this in the region this server is in.',
  },
  {
    test: /Private video|This (?:video|post|account|content) is private|private (?:account|post)|is only available to (?:the )?(?:followers|members|approved)/i,
    code: 'NOT_FOUND_AT_SOURCE',
    message: 'That is private on the platform; only public posts and videos can be downloaded.',
  },
  // The platform refusing this server rather than the item: worth trying later.
  {
    test: /confirm you(?:['’]re| are) not a bot/i,
    code: 'SOURCE_UNREACHABLE',
    message: 'The platform is refusing requests from this server right now; try again later.',
  },
  {
    test: /HTTP Error 401|Sign in to confirm your age|age[- ]restricted|inappropriate for some users|(?:login|log in|sign in|signing in|cookies) (?:is |are )?(?:required|needed)|requires? (?:login|authentication|sign[- ]?in)|Use --cookies|account (?:is )?needed/i,
    code: 'NOT_FOUND_AT_SOURCE',
    message: 'The platform shows that only to signed-in users; it cannot be downloaded here.',
  },
  // Instagram says "rate-limit reached or login required" for what it shows to signed-in users
  // only, so the sign-in reading above comes first.
  {
    test: /HTTP Error 429|Too Many Requests|rate[- ]limit/i,
    code: 'SOURCE_UNREACHABLE',
    message: 'The platform is refusing requests from this server right now; try again later.',
  },
  {
    test: /HTTP Error 404|HTTP Error 410|Video unavailable|This video is (?:no longer available|unavailable)|has been removed|was removed|been deleted|account (?:associated with this video )?has been terminated|does not exist|doesn'?t exist|not found|content is not available|Post (?:is )?unavailable|This (?:tweet|post|page) is unavailable|No video could be found|There'?s no video in this|no media found/i,
    code: 'NOT_FOUND_AT_SOURCE',
    message: 'Nothing could be found at that link: it was removed, made private, or never existed.',
  },
  {
    test: /DRM|is a live (?:stream|event)|live event will begin|Premieres in|This live stream|Requested format is not available|No video formats found|no formats? (?:found|available)|is not a video|only images are available/i,
    code: 'UNSUPPORTED_CONTENT',
    message:
      'What that link leads to cannot be downloaded (protected, live, or in no format the downloader can save).',
  },
  // Reaching the platform: DNS, connections, TLS, time-outs, the platform's own server errors,
  // and a refusal of the egress guard (the proxy answers the tunnel with 403).
  {
    test: /Unable to download (?:webpage|API page|JSON metadata|video data|m3u8 information|[a-z ]*(?:page|data|information))|urlopen error|Connection (?:refused|reset|aborted)|Name or service not known|Temporary failure in name resolution|getaddrinfo failed|nodename nor servname|No route to host|Network is unreachable|timed out|Read timeout|RemoteDisconnected|IncompleteRead|SSL|CERTIFICATE_VERIFY_FAILED|Tunnel connection failed|ProxyError|HTTP Error 5\d\d|HTTP Error 403|giving up after \d+ (?:fragment )?retries|Got error:/i,
    code: 'SOURCE_UNREACHABLE',
    message: 'The platform could not be reached or did not answer properly; try again later.',
  },
];

const FALLBACK: Classified = { code: 'DOWNLOAD_FAILED', message: 'The download failed.' };

/**
 * Reads the end of yt-dlp's stderr and its exit code as one of the stable failure codes. yt-dlp's
 * ERROR lines say what went wrong; when there is none (a crash, a Python traceback), the whole
 * tail is read, and what matches nothing is DOWNLOAD_FAILED.
 */
export function classifyYtdlpFailure(stderrTail: readonly string[], exitCode: number | null): Classified {
  const errors = stderrTail.filter((line) => /^\s*ERROR:/.test(line));
  for (const text of [errors.join('\n'), stderrTail.join('\n')]) {
    if (!text) continue;
    const rule = RULES.find((r) => r.test.test(text));
    if (rule) return { code: rule.code, message: rule.message };
  }
  // Killed by a signal we did not send (the machine ran out of memory, say).
  if (exitCode === null)
    return { code: 'DOWNLOAD_FAILED', message: 'The download tool stopped unexpectedly.' };
  return FALLBACK;
}
