import type { Config } from '../../config/index.js';

type LinkConfig = Pick<Config, 'APP_BASE_URL' | 'MAIL_LINK_HOSTS'>;

/** The hosts a template's links and addresses may point at: MAIL_LINK_HOSTS, else the host of APP_BASE_URL. */
export function mailLinkHosts(config: LinkConfig): string[] {
  if (!config.MAIL_LINK_HOSTS) return [new URL(config.APP_BASE_URL).hostname];
  return config.MAIL_LINK_HOSTS.split(',')
    .map((host) => canonicalHost(host.trim()))
    .filter(Boolean);
}

/** The address of a page of the web application with a token in its query, e.g. `.../reset-password?token=...`. */
export const appLink = (config: LinkConfig, path: string, token: string) =>
  `${config.APP_BASE_URL.replace(/\/+$/, '')}/${path}?token=${encodeURIComponent(token)}`;

/**
 * The text as a reader sees it: format characters gone (zero-width spaces and joiners, word joiner,
 * byte order mark, soft hyphen, direction marks), compatibility forms folded (NFKC: full-width
 * `ｅｖｉｌ．ｅｘａｍｐｌｅ` is `evil.example`) and ideographic full stops read as dots, as URL parsers do.
 */
export const asReadersSeeIt = (text: string) =>
  text
    .replace(/\p{Cf}/gu, '')
    .normalize('NFKC')
    .replace(/\p{Cf}/gu, '')
    .replace(/[\u3002\uFF61]/g, '.');

/** A link or address found in a text, and the host it leads to (none: it leads nowhere we can check). */
export interface FoundLink {
  link: string;
  host?: string;
}

const canonicalHost = (host: string) => host.toLowerCase().replace(/\.+$/, '');
const LABEL = '[\\p{L}\\p{N}-]+';
const HOST = `${LABEL}(?:\\.${LABEL})*`;
// Anything that looks like `scheme:` followed by more than whitespace: https://, mailto:, javascript:, ftp: ...
const SCHEME = /(?<![\p{L}\p{N}+.-])[a-z][a-z0-9+.-]*:(?=\S)/giu;
const WWW = new RegExp(`(?<![\\p{L}\\p{N}._@-])www\\.(?:${HOST})?`, 'giu');
// A domain name with a path (or a query), e.g. evil.example/r, 10.0.0.1/x, evil.example:8080/x.
const DOMAIN_WITH_PATH = new RegExp(`(?<![\\p{L}\\p{N}._@-])(${LABEL}(?:\\.${LABEL})+)\\.?(?::\\d*)?[/\\\\?#]`, 'gu');
// An e-mail address, bare or not: whatever follows the @ is the host.
const AT_HOST = new RegExp(`@(${HOST})`, 'gu');
/**
 * The link without the closing punctuation a sentence puts after it (a `)` only when it closes nothing
 * inside). The brackets are counted once and the count kept as `)`s come off: a link of 20,000 `)`s
 * costs one pass, not one pass per `)` (seconds of a blocked event loop per template checked).
 */
function withoutTrailingPunctuation(link: string): string {
  let end = link.length;
  const count = (c: string) => link.split(c).length - 1;
  const open = count('(');
  let close = count(')');
  while (end > 0) {
    const last = link[end - 1];
    if (last === ')' && close > open) close--;
    else if (!/[.,;:!?'">\]]/.test(last)) break;
    end--;
  }
  return link.slice(0, end);
}

/** Where a `scheme:...` link leads: the hosts of a mailto's addresses, else the host a browser would open. */
function schemeLinkHosts(link: string): FoundLink[] {
  const scheme = link.slice(0, link.indexOf(':')).toLowerCase();
  const rest = link.slice(scheme.length + 1);
  if (scheme === 'mailto')
    return rest
      .split('?')[0]
      .split(',')
      .map((address) => {
        const at = address.lastIndexOf('@');
        return { link, host: at < 0 ? undefined : canonicalHost(address.slice(at + 1)) || undefined };
      });
  let url: URL;
  try {
    url = new URL(link);
  } catch {
    return [{ link }];
  }
  // A user name before the host (https://trusted.example@evil.example) reads as one host and opens another.
  if (url.username || url.password) return [{ link }];
  return [{ link, host: canonicalHost(url.hostname) || undefined }];
}

/**
 * Every link or address in a text (as a reader sees it): anything with a scheme, anything starting
 * with `www.`, a domain name with a path, an e-mail address. A `host:port` after a scheme is part of
 * that link; the other forms are not looked for again inside a scheme's link.
 */
function* linksIn(text: string): Generator<FoundLink> {
  const seen = asReadersSeeIt(text);
  // Where scheme links stand: disjoint and in order (a link starting inside the last one extends it).
  const spans: [number, number][] = [];
  let authorityEnd = -1;
  for (const m of seen.matchAll(SCHEME)) {
    if (m.index < authorityEnd) continue;
    const end = seen.slice(m.index).search(/\s/);
    const stop = end < 0 ? seen.length : m.index + end;
    const link = withoutTrailingPunctuation(seen.slice(m.index, stop));
    const afterColon = m.index + m[0].length;
    const authority = /^[/\\]*[^/\\?#]*/.exec(seen.slice(afterColon, stop))?.[0] ?? '';
    authorityEnd = afterColon + authority.length;
    const last = spans.at(-1);
    if (last && m.index <= last[1]) last[1] = Math.max(last[1], stop);
    else spans.push([m.index, stop]);
    yield* schemeLinkHosts(link);
  }
  // Each form's matches come in order, so one walk over the spans answers them all (not one walk per match).
  const outsideSchemeLinks = () => {
    let i = 0;
    return (index: number) => {
      while (i < spans.length && spans[i][1] <= index) i++;
      return !(i < spans.length && index >= spans[i][0]);
    };
  };
  const outsideForWww = outsideSchemeLinks();
  for (const m of seen.matchAll(WWW)) if (outsideForWww(m.index)) yield { link: m[0], host: canonicalHost(m[0]) };
  const outsideForDomain = outsideSchemeLinks();
  for (const m of seen.matchAll(DOMAIN_WITH_PATH))
    if (outsideForDomain(m.index)) yield { link: m[0], host: canonicalHost(m[1]) };
  const outsideForAt = outsideSchemeLinks();
  for (const m of seen.matchAll(AT_HOST)) if (outsideForAt(m.index)) yield { link: m[0], host: canonicalHost(m[1]) };
}

/**
 * The links and addresses of a text that lead anywhere but the allowed hosts, each once; the first
 * few only (enough to say what is wrong, and a long text of links costs no more than that).
 */
export function foreignLinks(text: string, allowedHosts: readonly string[], enough = 5): FoundLink[] {
  const foreign: FoundLink[] = [];
  for (const found of linksIn(text)) {
    if (found.host && allowedHosts.includes(found.host)) continue;
    if (!foreign.some((f) => f.link === found.link)) foreign.push(found);
    if (foreign.length >= enough) break;
  }
  return foreign;
}
