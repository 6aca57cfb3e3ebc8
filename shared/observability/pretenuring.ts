import { setFlagsFromString } from 'node:v8';

/**
 * Turns off V8's allocation-site pretenuring for this process, before the app is loaded. V8 counts how
 * many objects of each allocation site survive a young collection and, past 85%, allocates that site's
 * objects straight in the old generation. In a web process that decision can feed itself: objects
 * born old die there and, until the next full collection, still point at younger ones, which young
 * collections must then keep and promote, so the sites that made those survive too and are pretenured
 * in turn. Once it has started (after full collections under load during warm-up, with V8's default
 * young generation of up to 64 MB) every request ends in the old generation and is collected there:
 * 5-11 MB promoted per young collection instead of 20-50 KB, for the life of the process. Without
 * pretenuring it did not start in 25 starts, against 16 of 43 with it (docs/performance.md, "What the
 * second chain was"), at no cost per request that the benches could see. Set here rather than on the
 * command line so that every way of starting a web process has it (`npm run dev`, the tests, a bare
 * `node dist/api/server.js`), not only the Procfile's.
 */
export function pretenuringOff(): void {
  setFlagsFromString('--no-allocation-site-pretenuring');
}
